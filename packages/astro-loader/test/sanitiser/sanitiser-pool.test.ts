import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { defaultEmbedProviders } from '../../src/body/cms/embed-providers.js';
import {
  createHighlighter,
  highlightSettings,
  threadHighlighting,
} from '../../src/body/highlight/highlighter.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';
import { createSanitiser as createPool } from '../../src/build-time/pool/body-pool.js';
import { RenderFailure } from '../../src/build-time/pool/inline-render.js';
import type { SanitiserPoolOptions } from '../../src/build-time/pool/pool-options.js';
import { contentCorpus } from './content-corpus.js';
import { sanitiserCorpus as corpus } from './corpus.js';

// Current code, not dist/: the threads run the worker from source (Node strips the types).
const sourceWorker = new URL('./fixtures/source-worker.mjs', import.meta.url);
const createSanitiser = (options: SanitiserPoolOptions) =>
  createPool({ workerUrl: sourceWorker, ...options });
const sourceImports = new URL('./fixtures/source-imports.mjs', import.meta.url).href;
const poolUrl = new URL('../../src/build-time/pool/body-pool.ts', import.meta.url).href;

describe('sanitiser pool', () => {
  it("renders on threads byte for byte as inline with the site's embed providers and each article's base", async () => {
    const embedProviders = [
      ...defaultEmbedProviders.filter((p) => p.name !== 'vimeo'),
      { ...(defaultEmbedProviders[0] ?? ({} as never)), name: 'tube', hosts: ['tube.example'] },
    ];
    const bases = ['https://old.example/a/', null, undefined];
    const pool = createSanitiser({
      embedProviders,
      workers: 2,
      inlineBelow: 0,
      mainThreadHelps: false,
    });
    try {
      const threaded = await Promise.all(corpus.map((html, i) => pool.render(html, bases[i % 3])));
      expect(pool.threaded).toBe(corpus.length);
      const inline = corpus.map((html, i) =>
        renderArticleHtml(html, { embedProviders, base: bases[i % 3] }),
      );
      expect(threaded).toEqual(inline);
      // What the options change is in what is compared: players written, relative URLs dropped.
      expect(inline.some((r) => r.embeds.length > 0)).toBe(true);
      expect(inline.some((r) => r.warnings.length > 0)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it("highlights on threads byte for byte as the main thread's highlighter, images' offsets moved with the blocks", async () => {
    const settings = highlightSettings({
      syntaxHighlight: { type: 'shiki', excludeLangs: ['yaml'] },
      shikiConfig: { themes: { light: 'github-light', dark: 'github-dark' }, wrap: true },
    });
    const highlighting = threadHighlighting(settings);
    expect(highlighting).toBeDefined();
    const image = '<p><img src="https://img.example/a.png" alt="after"></p>';
    const bodies = [
      ...Object.values(contentCorpus).filter((html) => html.includes('<pre')),
      `<pre><code class="language-ts">const a = 1;</code></pre>${image}<pre><code class="language-js">let b;</code></pre>${image}`,
    ];
    const pool = createSanitiser({ workers: 1, inlineBelow: 0, highlighting });
    const onMain = createHighlighter(
      settings,
      () => Promise.reject(new Error('unused')),
      () => {},
    );
    try {
      const threaded = await Promise.all(bodies.map((html, i) => pool.render(html, null, `b${i}`)));
      expect(threaded.every((r) => r.highlighted)).toBe(true);
      for (const [i, html] of bodies.entries()) {
        const inline = renderArticleHtml(html, { base: null });
        const main = await onMain.moved(inline.html, `b${i}`);
        const result = threaded[i];
        expect(result?.html).toBe(main.html);
        expect(result?.html).not.toBe(inline.html);
        // Each image's offset is still the `>` of its tag, in the highlighted body.
        expect(result?.unsizedImages.length).toBe(inline.unsizedImages.length);
        for (const image of result?.unsizedImages ?? [])
          expect(result?.html.slice(0, image.at + 1)).toMatch(/<img [^>]*>$/);
      }
      const last = threaded.at(-1);
      expect(last?.unsizedImages.map((image) => image.at)).not.toEqual(
        renderArticleHtml(bodies.at(-1) ?? '', { base: null }).unsizedImages.map((i) => i.at),
      );
      expect(last?.html).toContain(
        '<pre class="astro-code astro-code-themes github-light github-dark"',
      );
      // A block of the body's last entry, by key, is taken as it is, on the thread too.
      const [first] = last?.blocks ?? [];
      if (!first) throw new Error('the thread said which blocks it wrote');
      const kept = new Map([[first.key, '<pre class="astro-code">kept</pre>']]);
      const again = await pool.render(bodies.at(-1) ?? '', null, 'b', kept);
      expect(again.blocks?.map((b) => b.remembered)).toEqual([true, undefined]);
      expect(again.html.startsWith('<pre class="astro-code">kept</pre>')).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('leaves highlighting to the main thread where the site has transformers or Prism', () => {
    expect(threadHighlighting(highlightSettings({ syntaxHighlight: 'prism' }))).toBeUndefined();
    expect(
      threadHighlighting(
        highlightSettings({ syntaxHighlight: 'shiki', shikiConfig: { transformers: [{}] } }),
      ),
    ).toBeUndefined();
    expect(
      threadHighlighting(
        highlightSettings({ syntaxHighlight: 'shiki', shikiConfig: { theme: () => 1 } }),
      ),
    ).toBeUndefined();
  });

  for (const allowClasses of [undefined, ['callout', 'note-*'], ['*']]) {
    it(`renders on threads byte for byte as inline (allowClasses: ${JSON.stringify(allowClasses)})`, async () => {
      const pool = createSanitiser({
        allowClasses,
        workers: 2,
        inlineBelow: 0,
        mainThreadHelps: false,
      });
      try {
        const threaded = await Promise.all(corpus.map((html) => pool.render(html)));
        expect(pool.threaded).toBe(corpus.length);
        const inline = corpus.map((html) => renderArticleHtml(html, { allowClasses }));
        expect(threaded).toEqual(inline);
        expect(threaded.map((r) => r.html).join('\0')).toBe(inline.map((r) => r.html).join('\0'));
      } finally {
        await pool.close();
      }
    });
  }

  it('renders queued bodies on the main thread too while the thread is busy, the same as inline', async () => {
    // Far more than the thread holds at once (two batches): the rest wait in the queue, and the
    // main thread, awaiting them all, takes them itself before the thread has even started.
    const bodies = Array.from({ length: 6 }, () => corpus).flat();
    const pool = createSanitiser({ workers: 1, inlineBelow: 0 });
    try {
      const rendered = await Promise.all(bodies.map((html) => pool.render(html)));
      expect(pool.threaded).toBeGreaterThan(0);
      expect(pool.threaded).toBeLessThan(bodies.length);
      expect(rendered).toEqual(bodies.map((html) => renderArticleHtml(html)));
    } finally {
      await pool.close();
    }
  });

  it('renders inline below the threshold and with workers: 0', async () => {
    const small = createSanitiser({ workers: 2 });
    const off = createSanitiser({ workers: 0, inlineBelow: 0 });
    const html = contentCorpus.gfm as string;
    expect(await small.render(html)).toEqual(renderArticleHtml(html));
    expect(await off.render(html)).toEqual(renderArticleHtml(html));
    expect(small.threaded + off.threaded).toBe(0);
    await small.close();
    await off.close();
  });

  it('finishes inline, warning once, when a thread crashes or cannot load', async () => {
    for (const workerUrl of [
      new URL('./fixtures/crashing-worker.mjs', import.meta.url),
      new URL('./fixtures/no-such-worker.mjs', import.meta.url),
    ]) {
      const warnings: string[] = [];
      const pool = createSanitiser({
        workers: 2,
        inlineBelow: 0,
        workerUrl,
        warn: (m) => warnings.push(m),
      });
      const results = await Promise.all(corpus.map((html) => pool.render(html)));
      expect(results).toEqual(corpus.map((html) => renderArticleHtml(html)));
      expect(await pool.render('<p>after')).toEqual(renderArticleHtml('<p>after'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/sanitiser thread failed .*main thread.*sanitiseWorkers: 0/);
      await pool.close();
    }
  });

  it('renders inline, warning once, when a thread cannot even be constructed', async () => {
    const warnings: string[] = [];
    const pool = createSanitiser({
      workers: 2,
      inlineBelow: 0,
      // Worker throws synchronously on any scheme but file:.
      workerUrl: new URL('https://example.invalid/sanitiser-worker.js'),
      warn: (m) => warnings.push(m),
    });
    const results = await Promise.all(corpus.map((html) => pool.render(html)));
    expect(results).toEqual(corpus.map((html) => renderArticleHtml(html)));
    expect(pool.threaded).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/sanitiser thread failed \(.*file.*\).*sanitiseWorkers: 0/);
    await pool.close();
  });

  it('settles every queued job on close, even when one render throws', async () => {
    const pool = createSanitiser({ workers: 2, inlineBelow: 0 });
    // Not a string: rendering it throws (a stand-in for a bug of ours).
    const bodies = ['<p>a', {} as unknown as string, '<p>b', '<p>c'];
    const rendering = Promise.allSettled(bodies.map((html) => pool.render(html)));
    // Closed in the same turn: every job is still queued and is rendered inline by close().
    await pool.close();
    const settled = await rendering;
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(RenderFailure);
    expect((settled[3] as PromiseFulfilledResult<unknown>).value).toEqual(
      renderArticleHtml('<p>c'),
    );
  });

  // --input-type is a flag of the main thread only: a thread given it would fail to start.
  it('lets the process exit once closed, its threads started without the main thread flags', () => {
    const script = `
      import ${JSON.stringify(sourceImports)};
      const { createSanitiser } = await import(${JSON.stringify(poolUrl)});
      const workerUrl = new URL(${JSON.stringify(sourceWorker.href)});
      const pool = createSanitiser({ workers: 2, inlineBelow: 0, workerUrl, mainThreadHelps: false });
      const out = await Promise.all(Array.from({ length: 200 }, (_, i) => pool.render('<h2>' + i)));
      await pool.close();
      console.log(pool.threaded, out.at(-1).html);
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('200 <h2 id="user-content-199">199</h2>');
    expect(run.status).toBe(0);
  });
});
