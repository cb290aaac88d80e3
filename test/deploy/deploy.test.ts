/**
 * The deploy matrix: our runtime side (contentRead()'s proxy route and the live loaders, read by
 * an on-demand page) built from the packed tarballs in a fresh site with each adapter Astro
 * deploys with, then run the platform's way against the real mock API: @astrojs/node's server,
 * the Cloudflare worker in workerd (`wrangler dev`, and `astro dev` with the adapter), and the
 * Vercel and Netlify functions called as their platforms call them. Each check fails with one
 * line naming the target and what went wrong. Prints a figures line per target at the end.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Answer, get, oneLine, said, textOf } from './answers.js';
import { absolutePaths, bannedPackages, growth, holding, type Size, sizeOf } from './bundle.js';
import { type Built, Deployment } from './harness.js';
import type { Server } from './servers.js';
import { BARE_CLOUDFLARE_CONFIG, TARGET, TARGETS, type TargetName } from './targets.js';

interface Listing {
  data: { id: string; title?: string; name?: string; html?: string; blog_id?: string }[];
}

let deploy: Deployment;
let articles: Listing;
let blogs: Listing;
const figures = new Map<TargetName, Record<string, string>>();

beforeAll(async () => {
  deploy = await Deployment.create();
  articles = await deploy.fromApi<Listing>('/articles');
  blogs = await deploy.fromApi<Listing>('/blogs');
}, 600_000);

afterAll(async () => {
  for (const [name, row] of figures) {
    console.log(
      `deploy ${name}: ${Object.entries(row)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  }
  await deploy?.dispose();
});

/** Largest gzip size of the Cloudflare worker, as a multiple of a bare Astro worker's. */
const MAX_WORKER_RATIO = 1.5;

function fail(message: string): never {
  throw new Error(oneLine(message));
}

describe.each(TARGETS)('%s', (name) => {
  const target = TARGET[name];
  const answers: Answer[] = [];
  const row: Record<string, string> = {};
  let built: Built;
  let server: Promise<Server> | undefined;

  beforeAll(async () => {
    figures.set(name, row);
    built = await deploy.buildTarget(target);
    row.build = `${built.code === 0 ? 'ok' : `exit ${built.code}`} (${built.seconds} s)`;
  }, 300_000);

  afterAll(async () => {
    await (await server?.catch(() => undefined))?.stop();
  });

  /** The running server (started once); fails the check in one line if it cannot be had. */
  async function running(): Promise<Server> {
    if (built.code !== 0) fail(`${name}: nothing to run: astro build exited ${built.code}`);
    server ??= deploy.serve(target, built.dir);
    return server.catch((error: Error) =>
      fail(`${name}: the built server did not start: ${error.message}`),
    );
  }

  test('astro build passes', () => {
    if (built.code !== 0) {
      const why = built.output.split('\n').filter((l) => /error|\[ERROR\]/i.test(l));
      fail(`${name}: astro build exited ${built.code}: ${why.slice(0, 2).join(' | ')}`);
    }
  });

  test('the proxy answers GET /api/content/articles and /blogs with 200 and the API data', async () => {
    const base = await running();
    const statuses: string[] = [];
    for (const [path, truth] of [
      ['/api/content/articles', articles],
      ['/api/content/blogs', blogs],
    ] as const) {
      const answer = await get(base, path, answers);
      statuses.push(String(answer.status));
      if (answer.status !== 200) {
        row.proxy = statuses.join('/');
        fail(`${name}: GET ${path} answered ${answer.status}: ${said(answer, base)}`);
      }
      const ids = (JSON.parse(answer.text) as Listing).data.map((d) => d.id);
      if (JSON.stringify(ids) !== JSON.stringify(truth.data.map((d) => d.id))) {
        fail(`${name}: GET ${path} listed ${ids.length} items, not the API's ${truth.data.length}`);
      }
    }
    row.proxy = statuses.join('/');
  });

  test("a live page (getLiveEntry + getLiveCollection) answers 200 with an article's content", async () => {
    const base = await running();
    const article = articles.data[0];
    if (!article?.html) throw new Error('the mock API listed no article with html');
    const blogName = blogs.data.find((b) => b.id === article.blog_id)?.name ?? '';
    const answer = await get(base, `/live/${article.id}`, answers);
    row.live = String(answer.status);
    const page = textOf(answer.text);
    if (answer.status !== 200) {
      fail(`${name}: GET /live/${article.id} answered ${answer.status}: ${said(answer, base)}`);
    }
    const snippet = /[A-Za-z][A-Za-z0-9 ,.]{40}/.exec(textOf(article.html))?.[0] ?? '';
    for (const [what, text] of [
      ['title', article.title ?? ''],
      ['body text', snippet],
      ['blog name', blogName],
    ]) {
      if (!text || !page.includes(text)) {
        fail(
          `${name}: GET /live/${article.id} answered 200 without the article's ${what} "${text}"`,
        );
      }
    }
  });

  if (name === 'cloudflare') {
    test('astro dev with the Cloudflare adapter answers the proxy and the live page with 200', async () => {
      if (built.code !== 0) fail(`${name}: no site to run: astro build exited ${built.code}`);
      const dev = await deploy
        .dev(built.dir)
        .catch((error: Error) => fail(`${name} (astro dev): did not start: ${error.message}`));
      try {
        const article = articles.data[0]?.id ?? '';
        const seen: string[] = [];
        for (const path of ['/api/content/articles', `/live/${article}`]) {
          const answer = await get(dev, path, answers);
          seen.push(`${path} ${answer.status}`);
          if (answer.status !== 200) {
            row.dev = seen.join(', ');
            fail(
              `${name} (astro dev): GET ${path} answered ${answer.status}: ${said(answer, dev)}`,
            );
          }
        }
        row.dev = seen.join(', ');
      } finally {
        await dev.stop();
      }
    });
  }

  test('the canary key is in no client file, no server file and no response (errors too)', async () => {
    if (built.code !== 0) fail(`${name}: nothing to check: astro build exited ${built.code}`);
    const key = deploy.api.key;
    // Answers where a careless error message would carry it: a bad parameter, an unknown path,
    // an article that does not exist.
    const base = await running();
    for (const path of ['/api/content/articles?q=1', '/api/content/nope', '/live/art_9999']) {
      await get(base, path, answers);
    }
    const places = [
      ...holding(await deploy.files(built.dir, target.clientDir), key).map((f) => `client ${f}`),
      ...holding(await deploy.serverFiles(target, built.dir), key).map((f) => `server ${f}`),
      ...answers.filter((a) => `${a.headers}\n${a.text}`.includes(key)).map((a) => `GET ${a.path}`),
    ];
    row.keyAbsent = places.length === 0 ? `yes (${answers.length} answers)` : 'NO';
    if (places.length > 0) fail(`${name}: the canary key is in ${places.join(', ')}`);
    expect(answers.length).toBeGreaterThan(0);
  });

  test('the server bundle holds no Vite, esbuild, rolldown (undici: only on Node) and no build-machine path', async () => {
    if (built.code !== 0) fail(`${name}: nothing to check: astro build exited ${built.code}`);
    const files = await deploy.serverFiles(target, built.dir);
    const size: Size = sizeOf(files);
    row.bundle = `${size.kib} KiB (gzip ${size.gzipKib} KiB)`;
    const banned = bannedPackages(files);
    if (target.nodeRuntime) banned.delete('undici');
    const paths = absolutePaths(files, deploy.root);
    row.banned = [...banned.keys()].join('+') || 'none';
    const problems = [
      ...[...banned].map(([pkg, where]) => `${pkg} (${where[0]})`),
      ...(paths.length > 0 ? [`the build machine's path (${paths.join('; ')})`] : []),
    ];
    const shipped = target.traceFrom
      ? `${target.serverDir} with the node_modules it imports`
      : target.serverDir;
    if (problems.length > 0) fail(`${name}: ${shipped} holds ${problems.join(', ')}`);
    expect(files.length).toBeGreaterThan(0);
  });

  if (name === 'cloudflare') {
    // What the worker adds to a bare one: the sanitiser (htmlparser2 with entities' decoding
    // tables), the loader, core and Astro's live-collection runtime (README, "Supported targets").
    test(`the worker's gzip size is at most ${MAX_WORKER_RATIO} times a bare Astro worker's`, async () => {
      if (built.code !== 0) fail(`${name}: nothing to measure: astro build exited ${built.code}`);
      const bare = await deploy.build(
        await deploy.site('bare', 'bare', BARE_CLOUDFLARE_CONFIG),
        false,
      );
      if (bare.code !== 0) fail(`${name}: the bare baseline's astro build exited ${bare.code}`);
      const bareFiles = await deploy.files(bare.dir, target.serverDir);
      // The bundle check lets Astro's own forms of the path pass: a bare worker has no other.
      const unexpected = absolutePaths(bareFiles, deploy.root);
      if (unexpected.length > 0) {
        fail(
          `${name}: the bare worker holds the build machine's path beyond Astro's own forms (${unexpected[0]}): update ASTRO_OWN in bundle.ts`,
        );
      }
      const ourFiles = await deploy.serverFiles(target, built.dir);
      const ours = sizeOf(ourFiles);
      const base = sizeOf(bareFiles);
      // Compared unrounded: 1.502 is over 1.5, whatever it prints as.
      const ratio = ours.gzipKib / base.gzipKib;
      row.bare = `${base.kib} KiB (gzip ${base.gzipKib} KiB), ratio ${ratio.toFixed(3)}`;
      if (ratio > MAX_WORKER_RATIO) {
        fail(
          `${name}: the worker is ${ours.gzipKib} KiB gzipped, ${ratio.toFixed(3)}× the bare worker's ${base.gzipKib} KiB (at most ${MAX_WORKER_RATIO}×); source added: ${growth(ourFiles, bareFiles).join(', ')}`,
        );
      }
    }, 300_000);
  }
});
