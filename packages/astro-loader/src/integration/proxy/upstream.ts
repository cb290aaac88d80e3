import { parseLinkHeader } from '@content-read/core/web';
import type { Connection } from '../../config/runtime-connection.js';
import { LOADER_VERSION } from '../../config/version.js';
import type { UpstreamAnswer } from './cache.js';
import { ALLOWED_PARAMETERS, type Resource } from './query.js';

const MAX_UPSTREAM_BYTES = 32 * 1024 * 1024;

export interface UpstreamRequest {
  resource: Resource;
  /** The validated, normalised query string (without `?`). */
  query: string;
  /** The proxy's own path (e.g. `/api/content`), for rewriting `Link` headers. */
  proxyPath: string;
  timeoutMs: number;
  /** Largest upstream body read, in bytes (default 32 MB: 500 articles with long bodies). */
  maxBytes?: number;
  /** Keeps only some items of a 200 body (the `blogs` restriction on `/blogs`). */
  keep?: (item: { id?: unknown; slug?: unknown }) => boolean;
}

/**
 * One request to the API with the server's key. Only the API's status, ETag, rewritten Link,
 * Retry-After and error code come back: never its error message or URLs, which could carry
 * internals. Redirects are refused so the key never travels to another address.
 */
export async function fetchUpstream(
  conn: Connection,
  request: UpstreamRequest,
  etag: string | undefined,
): Promise<UpstreamAnswer> {
  const base = conn.baseUrl.replace(/\/+$/, '');
  const url = `${base}/${request.resource}${request.query ? `?${request.query}` : ''}`;
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${conn.apiKey}`,
      accept: 'application/json',
      'user-agent': `content-read-astro-proxy/${LOADER_VERSION}`,
      ...(etag ? { 'if-none-match': etag } : {}),
    },
    redirect: 'manual',
    signal: AbortSignal.timeout(request.timeoutMs),
  });
  const headers = response.headers;
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: 304, ...optional('etag', headers.get('etag')) };
  }
  const text = await readCapped(response, request.maxBytes ?? MAX_UPSTREAM_BYTES);
  if (text === undefined) return { status: 502, code: 'upstream_response_too_large' };
  if (response.status !== 200) {
    return {
      status: response.status,
      ...optional('code', errorCode(text)),
      ...optional('retryAfter', headers.get('retry-after')),
    };
  }
  const json = parseList(text);
  if (!json) return { status: 502, code: 'invalid_upstream_response' };
  let body = new TextEncoder().encode(text);
  let link = rewriteLink(headers.get('link'), base, request.proxyPath);
  const keep = request.keep;
  if (keep) {
    // The restricted listing is one page of the allowed items: upstream totals would count others.
    const data = json.data.filter((item) => keep(item as { id?: unknown; slug?: unknown }));
    body = restrictedBody(data);
    link = undefined;
  }
  const pages = Number((json as { meta?: { total_pages?: unknown } }).meta?.total_pages);
  return {
    status: 200,
    body,
    ...(keep && pages > 1 ? { pages } : {}),
    ...optional('etag', headers.get('etag')),
    ...optional('link', link),
  };
}

/** A listing of only the allowed items, as one page: upstream totals would count others. */
export function restrictedBody(data: unknown[]) {
  const meta = { page: 1, per_page: data.length, total: data.length, total_pages: 1 };
  return new TextEncoder().encode(JSON.stringify({ data, meta }));
}

function parseList(text: string): { data: unknown[] } | undefined {
  try {
    const json = JSON.parse(text) as { data?: unknown };
    return json && Array.isArray(json.data) ? (json as { data: unknown[] }) : undefined;
  } catch {
    return undefined;
  }
}

/** The API's error code, if it looks like one (`{ "error": { "code": "not_found" } }`). */
function errorCode(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `</api/v1/articles?page=2>; rel="next"` → `</api/content/articles?page=2>; rel="next"`.
 * Links that point elsewhere than the API's own listings are dropped, and so are query
 * parameters the proxy would refuse.
 */
export function rewriteLink(
  header: string | null,
  base: string,
  proxyPath: string,
): string | undefined {
  const baseUrl = new URL(`${base}/`);
  const parts: string[] = [];
  for (const { target, params } of parseLinkHeader(header, baseUrl)) {
    const resource = target.pathname.slice(baseUrl.pathname.length);
    if (target.origin !== baseUrl.origin || (resource !== 'blogs' && resource !== 'articles'))
      continue;
    const query = new URLSearchParams();
    for (const [name, value] of target.searchParams)
      if (ALLOWED_PARAMETERS[resource].includes(name)) query.append(name, value);
    const search = query.size ? `?${query}` : '';
    parts.push(`<${proxyPath}/${resource}${search}>${params}`);
  }
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * The body as text, or `undefined` past `maxBytes` (declared or read): a misbehaving upstream
 * must not make the server buffer without limit. The rest of the body is cancelled.
 */
async function readCapped(response: Response, maxBytes: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length')) > maxBytes || !response.body) {
    await response.body?.cancel();
    return response.body ? undefined : '';
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) return undefined; // leaving the loop cancels the stream
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

function optional<K extends string>(
  key: K,
  value: string | null | undefined,
): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
