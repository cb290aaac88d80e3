import { DROPPED } from '../sanitise/writer.js';
import { type EmbedProvider, SCRIPT_EMBEDS } from './embed-providers.js';
import { absoluteUrl, type Embed, embedIframe, embedPage, matchEmbed } from './embeds.js';
import type { BodyContext, CmsStep } from './step.js';

/** A Telegram post (`channel/123`), as its widget script names it. */
const TELEGRAM_POST = /^[A-Za-z0-9_]{1,64}\/\d{1,12}$/;

/**
 * Iframes and scripts, which the policy never writes. Reads an iframe's `src` (or its lazy
 * `data-src`) and a script's `src` and data attributes. Writes a player anew for an iframe of an
 * allowed provider (embeds.ts: never the article's own URL or attributes), else a link to what
 * the iframe showed; for a script that drew an embed, a link to its page (a Gist, a Telegram
 * post). Every player is listed in `embeds`, so a site can load what its players need. A script
 * of a known embed site (SCRIPT_EMBEDS) whose content the body neither keeps nor links is
 * reported once the body is read, so no embed vanishes silently.
 */
export function embedStep(
  body: BodyContext,
  providers: readonly EmbedProvider[],
  embeds: Embed[],
): CmsStep & { embedUrl(src: string, attribs: Record<string, string>): boolean } {
  const { urls, writer, warnings } = body;
  // Known embed sites whose script was removed.
  const removed = new Set<(typeof SCRIPT_EMBEDS)[number]>();

  /** A player for `src` when a provider plays it, else a link to it; false if neither. */
  const embedUrl = (src: string, attribs: Record<string, string>): boolean => {
    const embed = matchEmbed(src, providers);
    if (embed) {
      writer.text(embedIframe(embed, attribs));
      embeds.push({ provider: embed.provider, id: embed.id, url: embed.url });
      return true;
    }
    const page = embedPage(src) ?? absoluteUrl(src)?.href;
    return page !== undefined && body.link(page, attribs.title ?? page);
  };

  const iframe = (attribs: Record<string, string>) => {
    const src = urls.resolve(attribs.src?.trim() || attribs['data-src']?.trim() || '');
    if (src && !embedUrl(src, attribs))
      warnings.add(`an iframe was dropped: its URL "${src.slice(0, 80)}" is not http(s)`);
  };

  const script = (attribs: Record<string, string>) => {
    const host = absoluteUrl(attribs.src ?? '')?.hostname;
    if (host === undefined) return;
    const page = embedPage(attribs.src ?? '');
    if (page) body.link(page, page);
    const post = attribs['data-telegram-post'] ?? attribs['data-telegram-discussion'];
    if (host === 'telegram.org' && post && TELEGRAM_POST.test(post.trim()))
      body.link(`https://t.me/${post.trim()}`, `https://t.me/${post.trim()}`);
    const site = SCRIPT_EMBEDS.find((s) => s.scripts.includes(host));
    if (site) removed.add(site);
  };

  return {
    embedUrl,
    fate(tag, attribs) {
      if (tag === 'iframe') iframe(attribs);
      else if (tag === 'script') script(attribs);
      else return undefined;
      return DROPPED;
    },
    end() {
      for (const site of removed) {
        if (body.linksTo(site.pages)) continue;
        warnings.add(
          `an embed of ${site.name} was removed: its script cannot run here and the body keeps no link to it`,
        );
      }
    },
  };
}
