import parseSrcset from '@prettier/parse-srcset';
import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { defaultEmbedProviders } from '../../src/body/cms/embed-providers.js';
import { prefixFragmentLink } from '../../src/body/sanitise/attributes.js';
import { CLASS_PRESETS } from '../../src/body/sanitise/classes.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';
import { realWorldBodies } from './real-world-bodies.js';

/**
 * Real article HTML from the CMSes' and renderers' own test fixtures (real-world/bodies, each
 * with its source in its .json and in SOURCES-*.md), and what a reader of the source should see
 * (`expect`, written from the source markup alone): the sanitised body must show it.
 */
interface Expectations {
  text?: string[];
  images?: string[];
  srcset?: string[];
  embeds?: { provider: string; id: string; url: string }[];
  links?: string[];
  media?: ('video' | 'audio')[];
  codeLanguages?: (string | null)[];
  math?: string[];
  mathText?: string[];
  classes?: string[];
  relativeUrls?: string[];
  /** Each table cell's `align` (th and td, in order; null: none). */
  align?: (string | null)[];
  /** Phrases the sanitiser's warnings must hold (a loss it must report). */
  warnings?: string[];
}
interface Body {
  cms: string;
  source: { repo: string; commit?: string; npm?: string; path: string; note?: string };
  expect: Expectations;
}

const bodies = realWorldBodies<Body>();

/** The old CMS's address, for bodies with relative URLs (`relativeTo`). */
const BASE = 'https://old-cms.example/';
const PRESETS = new Set(Object.keys(CLASS_PRESETS));
const PROVIDERS = new Set(defaultEmbedProviders.map((p) => p.name));

function elements(nodes: ChildNode[], out: Element[] = []): Element[] {
  for (const node of nodes) {
    if (isTag(node)) {
      out.push(node);
      elements(node.children, out);
    }
  }
  return out;
}
function textOf(nodes: ChildNode[]): string {
  return nodes.map((n) => (isText(n) ? n.data : isTag(n) ? textOf(n.children) : '')).join('');
}
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const absolute = (url: string) => new URL(url.trim(), BASE).href;

describe('real CMS bodies: the reader sees what the CMS meant', () => {
  it('holds at least 50 bodies from CMSes and renderers, each with a citable source', () => {
    expect(bodies.length).toBeGreaterThanOrEqual(50);
    for (const body of bodies) {
      expect(body.source.repo, body.name).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(body.source.path, body.name).toBeTruthy();
      if (!body.source.npm) expect(body.source.commit, body.name).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(new Set(bodies.map((b) => b.cms)).size).toBeGreaterThanOrEqual(10);
  });

  it.each(bodies.map((b) => [b.name, b]))('%s', (_, body) => {
    const want = body.expect;
    const relative = Boolean(want.relativeUrls?.length);
    const options = {
      ...(PRESETS.has(body.cms) ? { allowClasses: [body.cms] } : {}),
      ...(relative ? { base: BASE } : {}),
    };
    const rendered = renderArticleHtml(body.html, options);
    // The sanitiser's own promises hold on real content too.
    expect(renderArticleHtml(rendered.html, options).html).toBe(rendered.html);
    const doc = parseDocument(rendered.html, { decodeEntities: true });
    const all = elements(doc.children);
    const attr = (tag: string, name: string) =>
      all
        .filter((e) => e.name === tag && e.attribs[name] !== undefined)
        .map((e) => e.attribs[name] ?? '');
    const url = (u: string) => (relative && !/^[a-z][\w+.-]*:/i.test(u) ? absolute(u) : u.trim());

    const text = squash(textOf(doc.children));
    for (const phrase of want.text ?? []) expect(text, 'text').toContain(squash(phrase));

    const images = attr('img', 'src');
    for (const image of want.images ?? []) expect(images, 'images').toContain(url(image));
    // No image left showing a placeholder where the source had a real one.
    if (want.images?.length) expect(images.filter((s) => s.startsWith('data:'))).toEqual([]);

    const candidates = [...attr('img', 'srcset'), ...attr('source', 'srcset')].flatMap((s) =>
      parseSrcset(s).map((c) => c.source.value),
    );
    for (const candidate of want.srcset ?? [])
      expect(candidates, 'srcset').toContain(url(candidate));

    const hrefs = attr('a', 'href');
    for (const embed of want.embeds ?? []) {
      if (PROVIDERS.has(embed.provider))
        expect(
          rendered.embeds.map((e) => `${e.provider} ${e.id}`),
          'embeds',
        ).toContainEqual(
          expect.stringMatching(new RegExp(`^${embed.provider} (.+/)?${embed.id}$`)),
        );
      // A provider not on the list: the reader gets a link to what it showed.
      else
        expect(
          hrefs.map((h) => new URL(h).href),
          'embed link',
        ).toContain(new URL(url(embed.url).replace(/^\/\//, 'https://')).href);
    }
    // Links into the article point at its prefixed ids.
    for (const link of want.links ?? [])
      expect(hrefs, 'links').toContain(prefixFragmentLink(url(link)));

    for (const kind of want.media ?? []) {
      const media = all.filter((e) => e.name === kind);
      expect(media.length, kind).toBeGreaterThan(0);
      for (const element of media) expect(element.attribs.controls, `${kind} controls`).toBe('');
    }
    // No control without a player: ranges and buttons are gone, not turned into checkboxes.
    expect(all.filter((e) => e.name === 'input' && e.attribs.type !== 'checkbox')).toEqual([]);

    if (want.codeLanguages) {
      const inPre = (e: Element): boolean =>
        e.parent !== null && isTag(e.parent) && (e.parent.name === 'pre' || inPre(e.parent));
      const blocks = all.filter((e) => e.name === 'pre' && !inPre(e));
      const languages = blocks.map((pre) => {
        const code = pre.children.find((c): c is Element => isTag(c) && c.name === 'code');
        return /(?:^|\s)language-(\S+)/.exec(code?.attribs.class ?? '')?.[1] ?? null;
      });
      expect(languages, 'code languages').toEqual(want.codeLanguages);
    }

    const maths = all.filter((e) => e.name === 'math');
    const annotations = all
      .filter((e) => e.name === 'annotation')
      .map((e) => squash(textOf(e.children)));
    for (const tex of want.math ?? []) expect(annotations, 'TeX').toContain(squash(tex));
    const mathTexts = maths.map((m) =>
      textOf(m.children.filter((c) => !(isTag(c) && c.name === 'annotation'))).replace(/\s+/g, ''),
    );
    for (const formula of want.mathText ?? [])
      expect(mathTexts.join(' '), 'MathML text').toContain(formula);
    // Shown once: KaTeX's visual copy goes where its MathML is kept. Its text (read from the
    // source; where it differs from the formula's MathML text) is nowhere in the output.
    if (want.math?.length) {
      const source = elements(parseDocument(body.html, { decodeEntities: true }).children);
      const visual = source
        .filter((e) => /(?:^|\s)katex-html(?:\s|$)/.test(e.attribs.class ?? ''))
        .map((e) => textOf(e.children).replace(/[\s\u200b]/g, ''))
        .filter((t) => t && !mathTexts.some((m) => m.includes(t)));
      const shown = textOf(doc.children).replace(/[\s\u200b]/g, '');
      for (const copy of visual) expect(shown, 'KaTeX visual copy').not.toContain(copy);
    }

    if (want.align)
      expect(
        all.filter((e) => e.name === 'th' || e.name === 'td').map((e) => e.attribs.align ?? null),
        'align',
      ).toEqual(want.align);
    for (const warning of want.warnings ?? [])
      expect(rendered.warnings, 'warnings').toContainEqual(expect.stringContaining(warning));

    // The CMS's own classes, kept by its preset (a widget's or a plugin's are not the CMS's).
    const preset = CLASS_PRESETS[body.cms];
    if (preset) {
      const classes = new Set(all.flatMap((e) => (e.attribs.class ?? '').split(/\s+/)));
      const ours = (name: string) =>
        preset.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
      for (const name of (want.classes ?? []).filter(ours))
        expect([...classes], 'classes').toContain(name);
    }
  });
});
