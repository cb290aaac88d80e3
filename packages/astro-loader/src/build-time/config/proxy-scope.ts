/**
 * What the proxy serves, told by contentRead() to the build-time loaders of the same build (a
 * process-wide value, as env.ts's context): a site whose loaders read only some blogs and whose
 * proxy serves every blog the key reads shows browsers more than its pages do. The loader says
 * so at sync, naming both (the integration cannot see the loaders' options).
 */
export interface ProxyScope {
  path: string;
  /** The proxy's `blogs`, or undefined: every blog the key reads. */
  blogs: readonly string[] | undefined;
}

const SCOPE = Symbol.for('@content-read/astro-loader:proxy-scope');
type WithScope = typeof globalThis & { [SCOPE]?: ProxyScope | undefined };

export function setProxyScope(scope: ProxyScope | undefined): void {
  (globalThis as WithScope)[SCOPE] = scope;
}

/**
 * The warning for a loader of `collection` reading `blogs`, when the site's proxy serves blogs
 * outside them; undefined otherwise.
 */
export function widerProxyWarning(
  collection: string,
  blogs: readonly string[] | undefined,
): string | undefined {
  const proxy = (globalThis as WithScope)[SCOPE];
  if (!proxy || !blogs) return undefined;
  const extra = proxy.blogs?.filter((name) => !blogs.includes(name));
  if (proxy.blogs && !extra?.length) return undefined;
  const read = blogs.map((name) => `"${name}"`).join(', ');
  const serves = proxy.blogs
    ? `also serves ${extra?.map((name) => `"${name}"`).join(', ')}`
    : 'serves every blog the key reads';
  return `Collection "${collection}" reads only the blogs ${read}, but the proxy at ${proxy.path} (contentRead({ proxy })) ${serves}: set proxy.blogs to the same blogs, so that browsers read no more than the site shows.`;
}
