import { concatBytes, parseLinkHeader, readCapped } from '@content-read/core/internal';
import type { Connection } from '../../shared/connection.js';
import type { UpstreamAnswer } from './cache.js';
import { etagOf } from './listing.js';
import { ALLOWED_PARAMETERS, canonicalQuery, checkQuery, type Resource } from './query.js';
import { type SafeSettings, safeList } from './safe-items.js';
import type { HeldBytes } from './upstream-gate.js';

const MAX_UPSTREAM_BYTES = 32 * 1024 * 1024;

export interface UpstreamRequest {
  resource: Resource;
  /** The validated, normalised query string (without `?`). */
  query: string;
  /** The proxy's own path (e.g. `/api/content`), for rewriting `Link` headers. */
  proxyPath: string;
  timeoutMs: number;
  userAgent: string;
  /** Largest upstream body read, in bytes (default 32 MB: 500 articles with long bodies). */
  maxBytes?: number;
  /** The instance's bound on bytes held by reads at once (upstream-gate.ts). */
  held?: HeldBytes;
  /** Aborted when no browser waits for this read any more. */
  signal?: AbortSignal;
  /** How the page's items are made safe as they come in (safe-items.ts). */
  safe: SafeSettings;
}

/**
 * One request to the API with the server's key. Only the API's status, ETag, rewritten Link and
 * Retry-After come back: never its error code, message or URLs, which could carry internals.
 * Redirects are refused so the key never travels to another address. A read past the
 * instance's byte bound is given up (`proxy_busy`). A 200's body is kept safe (safe-items.ts),
 * with an ETag of its own; `validator` is the API's, sent back as `If-None-Match`.
 */
export async function fetchUpstream(
  conn: Connection,
  request: UpstreamRequest,
  validator: string | undefined,
): Promise<UpstreamAnswer> {
  const base = conn.baseUrl.replace(/\/+$/, '');
  const url = `${base}/${request.resource}${request.query ? `?${request.query}` : ''}`;
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${conn.apiKey}`,
      accept: 'application/json',
      'user-agent': request.userAgent,
      ...(validator ? { 'if-none-match': validator } : {}),
    },
    redirect: 'manual',
    signal: request.signal
      ? AbortSignal.any([request.signal, AbortSignal.timeout(request.timeoutMs)])
      : AbortSignal.timeout(request.timeoutMs),
  });
  const headers = response.headers;
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: 304 };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status, ...optional('retryAfter', headers.get('retry-after')) };
  }
  const bytes = await readBody(response, request.maxBytes ?? MAX_UPSTREAM_BYTES, request.held);
  if (bytes === 'busy') return { status: 503, failure: 'proxy_busy', retryAfter: '1' };
  if (bytes === undefined) return { status: 502, failure: 'upstream_response_too_large' };
  const list = listShape(bytes);
  if (!list) return { status: 502, failure: 'upstream_invalid_response' };
  const { json, ...shape } = list;
  const body = new TextEncoder().encode(
    JSON.stringify(safeList(json, request.resource, request.safe)),
  );
  const link = headers.get('link');
  return {
    status: 200,
    body,
    etag: await etagOf(body),
    ...shape,
    ...(parseLinkHeader(link, new URL(`${base}/`)).some((l) => l.rel.includes('next'))
      ? { next: true }
      : {}),
    ...optional('validator', headers.get('etag')),
    ...optional('link', rewriteLink(link, base, request.proxyPath)),
  };
}

/**
 * What the tolerant reader accepts (the API contract section 5): a bare array is the whole list;
 * `{ data: [...] }` is a page, with `meta.total_pages` when the server offers it.
 */
function listShape(
  bytes: Uint8Array,
): (Pick<UpstreamAnswer, 'whole' | 'pages' | 'total'> & { json: unknown }) | undefined {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  if (Array.isArray(json)) return { json, whole: true };
  const list = json as { data?: unknown; meta?: { total_pages?: unknown; total?: unknown } } | null;
  if (!list || !Array.isArray(list.data)) return undefined;
  const count = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  const { total_pages: pages, total } = list.meta ?? {};
  return {
    json,
    ...(count(pages) ? { pages: pages as number } : {}),
    ...(count(total) ? { total: total as number } : {}),
  };
}

const RELATIONS = ['first', 'prev', 'next', 'last'];

/**
 * `</api/v1/articles?page=2>; rel="next"` → `</api/content/articles?page=2>; rel="next"`.
 * Only links to the API's own listings are kept, each with its paging relations alone (no other
 * parameter of the API's) and with the query parameters the proxy accepts, checked.
 */
export function rewriteLink(
  header: string | null,
  base: string,
  proxyPath: string,
): string | undefined {
  const baseUrl = new URL(`${base}/`);
  const parts: string[] = [];
  for (const { target, rel } of parseLinkHeader(header, baseUrl)) {
    const resource = target.pathname.slice(baseUrl.pathname.length);
    if (target.origin !== baseUrl.origin || (resource !== 'blogs' && resource !== 'articles'))
      continue;
    const rels = rel.filter((name) => RELATIONS.includes(name));
    const known = [...target.searchParams].filter(([n]) =>
      ALLOWED_PARAMETERS[resource].includes(n),
    );
    const checked = checkQuery(resource, new URLSearchParams(known));
    if (!rels.length || !checked.ok) continue;
    const query = canonicalQuery(checked.params);
    parts.push(`<${proxyPath}/${resource}${query ? `?${query}` : ''}>; rel="${rels.join(' ')}"`);
  }
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * The body; `undefined` past `maxBytes` (declared or read): a misbehaving upstream must not
 * make the server buffer without limit; `busy` past what the instance may hold at once. The rest
 * of the body is cancelled.
 */
async function readBody(
  response: Response,
  maxBytes: number,
  held: HeldBytes | undefined,
): Promise<Uint8Array | undefined | 'busy'> {
  if (Number(response.headers.get('content-length')) > maxBytes || !response.body) {
    await response.body?.cancel();
    return response.body ? undefined : new Uint8Array();
  }
  let busy = false;
  const read = await readCapped(response.body, maxBytes, (bytes) => {
    busy = held?.take(bytes) === false;
    return !busy;
  });
  if (busy) return 'busy';
  return read.over ? undefined : concatBytes(read.chunks, read.total);
}

function optional<K extends string>(
  key: K,
  value: string | null | undefined,
): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
