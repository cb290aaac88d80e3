import { defaultEmbedProviders } from '../cms/embed-providers.js';
import { type Embed, matchEmbed } from '../cms/embeds.js';

/**
 * What a feed shows for a player the body embeds (`<iframe data-embed>`): a link to the page of
 * the embedded item, as feed readers run no iframes. The item is the entry's `data.embeds` entry
 * with the iframe's URL, else what the player URL names (read with the default providers'
 * patterns, which know their own players' URLs), else the link goes to the player URL itself,
 * which every provider serves as a page of its own.
 *
 * No thumbnail: a YouTube one (`i.ytimg.com/vi/ID/hqdefault.jpg`) would have every reader's feed
 * client load an image from the provider's servers on opening the item, where the site itself
 * shows the privacy-enhanced player, loaded lazily, and nothing from the provider until then.
 */

/** A link for an embed: where it goes and what it says. */
export interface EmbedLink {
  href: string;
  label: string;
}

interface KnownProvider {
  /** As the provider writes its name. */
  name: string;
  verb: 'Watch' | 'Listen' | 'Open';
  /** The item's own page from its id (parts joined by `/`, each `[\w-]`) and its player URL. */
  page?: (parts: string[], player: URL) => string | undefined;
}

const PART = /^[\w-]{1,128}$/;
const TOKEN = /^[\w.-]{1,64}$/;

const KNOWN: Record<string, KnownProvider> = {
  youtube: {
    name: 'YouTube',
    verb: 'Watch',
    page: ([id], player) => {
      const start = player.searchParams.get('start');
      return `https://www.youtube.com/watch?v=${id}${start && /^\d{1,6}$/.test(start) ? `&t=${start}s` : ''}`;
    },
  },
  vimeo: {
    name: 'Vimeo',
    verb: 'Watch',
    // An unlisted video's page needs its hash, as its player does.
    page: ([id], player) => {
      const hash = player.searchParams.get('h');
      return `https://vimeo.com/${id}${hash && TOKEN.test(hash) ? `/${hash}` : ''}`;
    },
  },
  codepen: {
    name: 'CodePen',
    verb: 'Open',
    page: ([user, pen]) => (pen ? `https://codepen.io/${user}/pen/${pen}` : undefined),
  },
  spotify: {
    name: 'Spotify',
    verb: 'Listen',
    page: ([type, id]) => (id ? `https://open.spotify.com/${type}/${id}` : undefined),
  },
  // Its player URL names the API's item, not the page: the player is the page to open.
  soundcloud: { name: 'SoundCloud', verb: 'Listen' },
  loom: { name: 'Loom', verb: 'Watch', page: ([id]) => `https://www.loom.com/share/${id}` },
};

const DEFAULT_TITLES = new Map(defaultEmbedProviders.map((p) => [p.name, p.title]));

/**
 * The link standing for a player: `player` is the iframe's absolute http(s) URL, `provider` its
 * `data-embed`, `title` its title (the article's, else the provider's default, which is not
 * repeated in the label).
 */
export function embedLinkFor(
  player: string,
  provider: string | undefined,
  title: string | undefined,
  embeds: readonly Embed[],
): EmbedLink {
  const url = new URL(player);
  const listed = embeds.find((e) => sameUrl(e.url, url) && (!provider || e.provider === provider));
  const read = listed ?? matchEmbed(player, defaultEmbedProviders);
  const name = read?.provider ?? provider;
  const known = name !== undefined ? KNOWN[name] : undefined;
  const parts = read?.id.split('/') ?? [];
  const page =
    known?.page && parts.length > 0 && parts.every((part) => PART.test(part))
      ? known.page(parts, url)
      : undefined;
  const href = page ?? url.href;
  const named = title?.trim();
  const own = named && named !== DEFAULT_TITLES.get(name ?? '') ? named : undefined;
  if (!known) return { href, label: own ?? href };
  return {
    href,
    label: own ? `${known.verb} “${own}” on ${known.name}` : `${known.verb} on ${known.name}`,
  };
}

function sameUrl(value: string, url: URL): boolean {
  try {
    return new URL(value).href === url.href;
  } catch {
    return false;
  }
}
