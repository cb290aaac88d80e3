import { absoluteUrl } from './embeds.js';
import type { BodyContext, CmsStep } from './step.js';

const WRAPPER = /(?:^|\s)wp-block-embed__wrapper(?:\s|$)/;

/**
 * WordPress's stored embed block, `<figure class="wp-block-embed"><div
 * class="wp-block-embed__wrapper">https://…</div>`: WordPress turns the bare URL into the
 * provider's player only when it renders the post (oEmbed), so an export or the REST API's raw
 * content shows the URL as plain text. Reads the wrapper's text; when it is one absolute URL and
 * nothing else, writes the allowed player for it, else a link to it (`embed`, the embed step's).
 * Any other content of the wrapper is written as it came.
 */
export function bareUrls(
  body: BodyContext,
  embed: (url: string, attribs: Record<string, string>) => boolean,
): CmsStep {
  // The wrapper being read and its text so far (held back until it is known to be a URL).
  let wrapper: { depth: number; text: string[] } | undefined;

  const flush = () => {
    const held = wrapper?.text ?? [];
    wrapper = undefined;
    for (const text of held) body.text(text);
  };

  return {
    prepare() {
      if (wrapper) flush();
    },
    written(tag, attribs) {
      if (tag === 'div' && WRAPPER.test(attribs.class ?? ''))
        wrapper = { depth: body.writer.depth, text: [] };
    },
    text(text) {
      if (!wrapper) return false;
      wrapper.text.push(text);
      return true;
    },
    closing() {
      if (!wrapper) return;
      const url = wrapper.text.join('').trim();
      if (wrapper.depth === body.writer.depth && /^[^\s<>"'`]+$/.test(url) && absoluteUrl(url)) {
        const held = wrapper;
        wrapper = undefined;
        if (embed(url, {})) return;
        wrapper = held;
      }
      flush();
    },
    end: flush,
  };
}
