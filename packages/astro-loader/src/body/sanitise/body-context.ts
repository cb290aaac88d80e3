import { absoluteUrl, embedLink } from '../cms/embeds.js';
import type { BodyContext } from '../cms/step.js';
import { type UnsizedImage, unsizedImage } from '../images/unsized-images.js';
import { writeAttributes } from './attributes.js';
import type { ClassFilter } from './classes.js';
import type { UrlPolicy } from './urls.js';
import type { BalancedWriter } from './writer.js';

/**
 * The body being written, as the CMS steps see it (cms/step.ts): whatever a step writes goes
 * through the same writer, URL policy and attribute allow-list as the sanitiser's own output
 * (sanitiser.ts), so that no step can write past the policy.
 */

/** What the sanitiser writes one body with. */
export interface BodyParts {
  readonly writer: BalancedWriter;
  readonly urls: UrlPolicy;
  readonly warnings: Set<string>;
  readonly classes: ClassFilter;
  /** Images without both dimensions, by their chunk (a rescued image replaces its placeholder's). */
  readonly unsized: Map<number, Omit<UnsizedImage, 'at'>>;
  /** Writes text the parser gave, as the sanitiser writes it. */
  readonly text: (raw: string) => void;
}

/** The host of each absolute link written (`<a … href="https://host/…"`). */
const LINK_HOST = /<a\s[^>]*?href="https?:\/\/([^"/?#:]+)/g;

export function bodyContext({
  writer,
  urls,
  warnings,
  classes,
  unsized,
  text,
}: BodyParts): BodyContext {
  return {
    writer,
    urls,
    warnings,
    linksTo(hosts) {
      // Read from what was written, only when a removed embed asks (rarely): no bookkeeping
      // on every link.
      for (const [, host] of writer.out.join('').matchAll(LINK_HOST))
        if (host && hosts.includes(host.toLowerCase())) return true;
      return false;
    },
    startTag: (tag, attribs) =>
      `<${tag}${writeAttributes(tag, attribs, classes, urls).attributes}>`,
    imageWritten(chunk, attribs) {
      const image = unsizedImage(attribs.src && urls.check('img', 'src', attribs.src), attribs);
      if (image) unsized.set(chunk, image);
      else unsized.delete(chunk);
    },
    text,
    link(href, label) {
      const url = absoluteUrl(href);
      const checked = url && urls.check('a', 'href', href);
      if (!url || !checked) return false;
      writer.closeImplied('a');
      writer.text(embedLink(checked, label));
      return true;
    },
  };
}
