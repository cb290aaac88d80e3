import { imageDefaults } from '../images/unsized-images.js';
import { WRITTEN } from '../sanitise/writer.js';
import { absoluteUrl } from './embeds.js';
import type { BodyContext, CmsStep } from './step.js';

const PLACEHOLDER = /(?:^|\s)tableauPlaceholder(?:\s|$)/;
/** A workbook/sheet path as Tableau names it (`Workbook/Sheet`, `shared/XPSSTKKNH`). */
const VIZ_PATH = /^[\w.-]{1,128}(?:\/[\w.-]{1,128}){0,3}$/;
const SITE_ROOT = /^(?:\/t\/[\w.-]{1,64})?$/;

interface Placeholder {
  depth: number;
  params: Map<string, string>;
  image?: Record<string, string>;
  /** It already holds a link (a body sanitised before): nothing to add. */
  linked?: boolean;
}

/**
 * Tableau's embed code: `<div class="tableauPlaceholder">` holding a `<noscript>` static image
 * and an `<object class="tableauViz">` whose `<param>`s name the viz, plus a script that draws
 * it. Object, noscript and script are dropped, which left an empty div. Reads the params
 * (`host_url`, `site_root`, `name` or `path`) and the noscript's image, and writes, at the end of
 * the div, a link to the viz around its static image (or its URL as text), or a warning when
 * there is nothing to link.
 */
export function tableau(body: BodyContext): CmsStep {
  const { writer, urls } = body;
  const open: Placeholder[] = [];

  const vizUrl = ({ params }: Placeholder): string | undefined => {
    let host: string;
    try {
      host = decodeURIComponent(params.get('host_url') ?? '');
    } catch {
      return undefined;
    }
    const root = (params.get('site_root') ?? '').trim();
    const name = params.get('name')?.trim();
    const path = name !== undefined ? `views/${name}` : params.get('path')?.trim();
    if (!path || !VIZ_PATH.test(path) || !SITE_ROOT.test(root)) return undefined;
    const base = absoluteUrl(host);
    return base && new URL(`${root.slice(1)}${root ? '/' : ''}${path}`, base).href;
  };

  const image = (placeholder: Placeholder): Record<string, string> | undefined => {
    const src = placeholder.image?.src ?? placeholder.params.get('static_image') ?? '';
    const checked = absoluteUrl(src) && urls.check('img', 'src', src);
    if (!checked) return undefined;
    const alt = placeholder.image?.alt?.trim() || placeholder.params.get('name') || 'Tableau viz';
    const attribs = { src: checked, alt };
    imageDefaults(attribs);
    return attribs;
  };

  const settle = (placeholder: Placeholder) => {
    const href = vizUrl(placeholder);
    const picture = image(placeholder);
    const checked = href && urls.check('a', 'href', href);
    if (!checked) {
      if (picture) writeImage(picture);
      else body.warnings.add('an embed of tableau was removed: its placeholder names no viz');
      return;
    }
    if (!picture) return void body.link(checked, checked);
    writer.closeImplied('a');
    writer.open('a', WRITTEN, body.startTag('a', { href: checked }));
    writeImage(picture);
    writer.close('a');
  };

  const writeImage = (attribs: Record<string, string>) => {
    const chunk = writer.open('img', WRITTEN, body.startTag('img', attribs));
    body.imageWritten(chunk, attribs);
    writer.close('img');
  };

  return {
    written(tag, attribs) {
      const current = open.at(-1);
      if (tag === 'a' && current) current.linked = true;
      if (tag === 'div' && PLACEHOLDER.test(attribs.class ?? ''))
        open.push({ depth: writer.depth, params: new Map() });
    },
    openDropped(tag, attribs) {
      const placeholder = open.at(-1);
      if (!placeholder) return;
      if (tag === 'param' && attribs.name && attribs.value !== undefined)
        placeholder.params.set(attribs.name.trim().toLowerCase(), attribs.value);
      else if (tag === 'img' && !placeholder.image) placeholder.image = { ...attribs };
    },
    closing(tag) {
      const placeholder = open.at(-1);
      if (tag === 'div' && placeholder?.depth === writer.depth && !placeholder.linked)
        settle(placeholder);
    },
    closed() {
      while ((open.at(-1)?.depth ?? -1) > writer.depth) open.pop();
    },
  };
}
