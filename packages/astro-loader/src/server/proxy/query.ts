export type Resource = 'blogs' | 'articles';

/**
 * The query parameters of the v1 API, per listing, and the proxy's own `fields` (fields.ts, never
 * sent upstream); nothing else passes the proxy.
 */
export const ALLOWED_PARAMETERS: Record<Resource, readonly string[]> = {
  blogs: ['fields', 'format', 'page', 'per_page'],
  articles: ['blog', 'fields', 'format', 'page', 'per_page'],
};

/** The API's page size when a request names none (the API contract section 6). */
export const DEFAULT_PER_PAGE = 100;

const CHECKS: Record<string, { valid: (value: string) => boolean; expected: string }> = {
  format: { valid: (v) => v === 'json', expected: '"json"' },
  blog: { valid: (v) => /^[A-Za-z0-9_-]{1,100}$/.test(v), expected: 'a blog id or slug' },
  page: { valid: (v) => isInteger(v, 1, 1_000_000), expected: 'an integer from 1' },
  per_page: { valid: (v) => isInteger(v, 1, 500), expected: 'an integer from 1 to 500' },
  fields: {
    valid: (v) => /^[a-z_]{1,40}(?:,[a-z_]{1,40}){0,29}$/.test(v),
    expected: 'field names separated by commas',
  },
};

export type QueryCheck = { ok: true; params: Map<string, string> } | { ok: false; message: string };

/**
 * Checks a browser's query string: only the v1 parameters, each once, each well-formed. Numbers
 * come back in one spelling (`page=007` is `page=7`), so equal requests share a cache entry.
 */
export function checkQuery(resource: Resource, search: URLSearchParams): QueryCheck {
  const allowed = ALLOWED_PARAMETERS[resource];
  const params = new Map<string, string>();
  for (const [name, value] of search) {
    if (!allowed.includes(name)) {
      return {
        ok: false,
        message: `Unknown query parameter "${truncate(name)}": ${resource} accepts only ${allowed.join(', ')}.`,
      };
    }
    if (params.has(name)) return { ok: false, message: `Query parameter "${name}" is repeated.` };
    const check = CHECKS[name];
    if (check && !check.valid(value)) {
      return {
        ok: false,
        message: `Query parameter "${name}" must be ${check.expected} (got "${truncate(value)}").`,
      };
    }
    params.set(name, name === 'page' || name === 'per_page' ? String(Number(value)) : value);
  }
  return { ok: true, params };
}

/**
 * The one spelling of a checked query (canonical values): parameters in name order, the API's
 * defaults (`format=json`, `page=1`, `per_page=100`) left out, written as `URLSearchParams`
 * writes them (`fields=id%2Ctitle`), so that browser code building its URLs with it in name
 * order asks in this spelling. Equal queries are equal strings: one entry in the proxy's cache,
 * in Astro's route cache and in a CDN, which key on the URL as sent.
 */
export function canonicalQuery(params: ReadonlyMap<string, string>): string {
  const kept = [...params].filter(([name, value]) => DEFAULTS[name] !== value);
  kept.sort(([a], [b]) => (a < b ? -1 : 1));
  return new URLSearchParams(kept).toString();
}

const DEFAULTS: Record<string, string> = {
  format: 'json',
  page: '1',
  per_page: String(DEFAULT_PER_PAGE),
};

function isInteger(value: string, min: number, max: number): boolean {
  if (!/^\d{1,7}$/.test(value)) return false;
  const n = Number(value);
  return n >= min && n <= max;
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
