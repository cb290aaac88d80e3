/**
 * A site an article may embed a player of. Only URLs of these hosts become iframes, and never
 * the URL the article gave: the provider's own player URL is written, filled in with the parts
 * `match` found. Providers are plain data, so sanitiser threads get them as they are.
 */
export interface EmbedProvider {
  /** Its name (`'youtube'`): in the entry's `embeds` and the iframe's `data-embed`. */
  name: string;
  /** The hosts an embedded URL may have, exactly (lower case, no port, no trailing dot). */
  hosts: readonly string[];
  /**
   * Tested against the URL's path and query (the query percent-decoded). Its named groups are
   * the item's parts (letters, digits, `_` and `-` only): the entry's `id` is them joined by
   * `/`, and `src` names them as `{group}`.
   */
  match: RegExp;
  /** The player's URL (https), with `{group}` for each named group of `match`. */
  src: string;
  /** Query parameters carried to the player when their value is a plain token (a start time). */
  params?: readonly string[];
  /** The iframe's title when the article gave none (screen readers announce it). */
  title: string;
  /** The sandbox tokens the player needs (it always runs sandboxed). */
  sandbox: string;
  /** The permissions policy (`allow`) it is given. */
  allow: string;
  /** Width and height when the article gave none (the aspect ratio kept). */
  size: readonly [number, number];
}

const PLAYER = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';
const VIDEO = 'autoplay; encrypted-media; fullscreen; picture-in-picture';

/** The providers embedded by default: `embedProviders` replaces the list. */
export const defaultEmbedProviders: readonly EmbedProvider[] = [
  {
    name: 'youtube',
    hosts: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'youtube-nocookie.com', 'www.youtube-nocookie.com'],
    match: /^\/(?:embed\/|shorts\/|live\/|v\/|watch\?(?:[^#]*&)?v=|(?=[\w-]{11}(?:[?#]|$)))(?<id>[\w-]{11})(?![\w-])/,
    // The privacy-enhanced host: no cookies until the reader plays the video.
    src: 'https://www.youtube-nocookie.com/embed/{id}',
    params: ['start', 'end'],
    title: 'YouTube video player',
    sandbox: `${PLAYER} allow-presentation`,
    allow: VIDEO,
    size: [560, 315],
  },
  {
    name: 'vimeo',
    hosts: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
    match: /^\/(?:video\/|channels\/[\w-]+\/|groups\/[\w-]+\/videos\/)?(?<id>\d{1,12})(?![\w-])/,
    src: 'https://player.vimeo.com/video/{id}?dnt=1',
    // `h`: the hash of an unlisted video, without which it does not play.
    params: ['h'],
    title: 'Vimeo video player',
    sandbox: `${PLAYER} allow-presentation`,
    allow: VIDEO,
    size: [640, 360],
  },
  {
    name: 'codepen',
    hosts: ['codepen.io'],
    match: /^\/(?<user>[\w-]{1,64})\/(?:pen|embed|full|details)\/(?:preview\/)?(?<pen>[A-Za-z0-9]{1,32})(?![\w-])/,
    src: 'https://codepen.io/{user}/embed/{pen}?default-tab=result',
    title: 'CodePen embed',
    sandbox: `${PLAYER} allow-forms allow-modals`,
    allow: 'clipboard-write; fullscreen',
    size: [800, 400],
  },
  {
    name: 'spotify',
    hosts: ['open.spotify.com'],
    match: /^\/(?:embed\/)?(?<type>track|album|playlist|episode|show|artist)\/(?<id>[A-Za-z0-9]{22})(?![\w-])/,
    src: 'https://open.spotify.com/embed/{type}/{id}',
    title: 'Spotify player',
    sandbox: PLAYER,
    allow: 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture',
    size: [560, 352],
  },
  {
    name: 'soundcloud',
    hosts: ['w.soundcloud.com'],
    match: /^\/player\/?\?(?:[^#]*&)?url=https?:\/\/api\.soundcloud\.com\/(?<kind>tracks|playlists|users)\/(?:soundcloud:(?:tracks|playlists|users):)?(?<id>\d{1,20})(?!\w)/,
    src: 'https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/{kind}/{id}',
    title: 'SoundCloud player',
    sandbox: PLAYER,
    allow: 'autoplay',
    size: [560, 166],
  },
  {
    name: 'loom',
    hosts: ['loom.com', 'www.loom.com'],
    match: /^\/(?:share|embed)\/(?<id>[0-9a-f]{32})(?![\w-])/,
    src: 'https://www.loom.com/embed/{id}',
    title: 'Loom video player',
    sandbox: `${PLAYER} allow-presentation`,
    allow: 'fullscreen; picture-in-picture',
    size: [640, 360],
  },
]; // biome-ignore format: a table

/**
 * Embeds that are not players (a script drew them, or the iframe is a widget): the page the
 * content lives on, which the link written instead points to. Tweets need none: their
 * blockquote keeps the text and the link.
 */
export const EMBED_PAGES: readonly { hosts: readonly string[]; match: RegExp; href: string }[] = [
  {
    hosts: ['gist.github.com'],
    match: /^\/(?<user>[\w-]{1,64})\/(?<id>[0-9a-f]{1,64})\.js(?:\?|$)/,
    href: 'https://gist.github.com/{user}/{id}',
  },
  {
    hosts: ['www.instagram.com', 'instagram.com'],
    match: /^\/(?<kind>p|reel|tv)\/(?<id>[\w-]{1,64})\/embed/,
    href: 'https://www.instagram.com/{kind}/{id}/',
  },
];

/**
 * Sites whose embed is a script drawing into the article's markup, by the hosts of their
 * scripts and of their pages. When such a script is removed and the body keeps no link to the
 * site (the tweet's blockquote links its tweet; an empty placeholder links nothing), the reader
 * lost something: the sanitiser warns, naming the site.
 */
export const SCRIPT_EMBEDS: readonly {
  name: string;
  scripts: readonly string[];
  pages: readonly string[];
}[] = [
  { name: 'twitter', scripts: ['platform.twitter.com'], pages: ['twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'x.com', 't.co'] },
  { name: 'instagram', scripts: ['www.instagram.com', 'instagram.com', 'platform.instagram.com'], pages: ['www.instagram.com', 'instagram.com'] },
  { name: 'tiktok', scripts: ['www.tiktok.com'], pages: ['www.tiktok.com', 'tiktok.com'] },
  { name: 'tableau', scripts: ['public.tableau.com'], pages: ['public.tableau.com'] },
  { name: 'telegram', scripts: ['telegram.org'], pages: ['t.me'] },
  { name: 'facebook', scripts: ['connect.facebook.net'], pages: ['www.facebook.com', 'facebook.com'] },
  { name: 'reddit', scripts: ['embed.reddit.com'], pages: ['www.reddit.com', 'reddit.com'] },
  { name: 'codepen', scripts: ['cpwebassets.codepen.io', 'static.codepen.io', 'public.codepenassets.com'], pages: ['codepen.io'] },
  { name: 'gist', scripts: ['gist.github.com'], pages: ['gist.github.com'] },
]; // biome-ignore format: a table
