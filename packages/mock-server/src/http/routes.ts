import type { RouteName } from './outcome.js';

/** Path and query of a request target; absolute-form (`http://host/path`) is reduced to its path. */
export function splitTarget(target: string): { path: string; search: string } {
  let t = target;
  if (!t.startsWith('/')) {
    const scheme = t.indexOf('://');
    const slash = scheme === -1 ? -1 : t.indexOf('/', scheme + 3);
    t = slash === -1 ? '/' : t.slice(slash);
  }
  const q = t.indexOf('?');
  const hash = t.indexOf('#');
  const end = hash === -1 ? t.length : hash;
  return q === -1 || q > end
    ? { path: t.slice(0, end), search: '' }
    : { path: t.slice(0, q), search: t.slice(q + 1, end) };
}

export function routeOf(path: string): RouteName | null {
  switch (path) {
    case '/api/v1':
    case '/api/v1/':
      return 'discovery';
    case '/api/v1/blogs':
    case '/api/v1/blogs/':
      return 'blogs';
    case '/api/v1/articles':
    case '/api/v1/articles/':
      return 'articles';
    default:
      return null;
  }
}
