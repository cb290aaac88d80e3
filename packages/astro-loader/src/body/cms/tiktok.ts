import { absoluteUrl } from './embeds.js';
import type { BodyContext, CmsStep } from './step.js';

const TIKTOK = /(?:^|\s)tiktok-embed(?:\s|$)/;

/**
 * TikTok's embed code: `<blockquote class="tiktok-embed" cite="…/video/123">` holding the
 * caption, hashtags and sound as links, and TikTok's script, which draws the video in its place.
 * The script is removed, and the video's own URL is only in `cite`, which readers never see.
 * Writes a link to it at the end of the blockquote, unless the blockquote already links it.
 */
export function tiktok(body: BodyContext): CmsStep {
  const open: { depth: number; href: string; linked: boolean }[] = [];
  return {
    written(tag, attribs) {
      if (tag === 'a') {
        // Most links are outside any TikTok quote: only those inside one are parsed.
        if (open.length === 0) return;
        const href = absoluteUrl(attribs.href ?? '')?.href;
        for (const quote of open) if (quote.href === href) quote.linked = true;
        return;
      }
      if (tag !== 'blockquote' || !TIKTOK.test(attribs.class ?? '')) return;
      const href = absoluteUrl(attribs.cite ?? '')?.href;
      if (href) open.push({ depth: body.writer.depth, href, linked: false });
    },
    closing(tag) {
      const quote = open.at(-1);
      if (tag !== 'blockquote' || quote?.depth !== body.writer.depth) return;
      if (!quote.linked) body.link(quote.href, quote.href);
    },
    closed() {
      while ((open.at(-1)?.depth ?? -1) > body.writer.depth) open.pop();
    },
  };
}
