/**
 * The base URL option: an absolute http(s) address ending in /api/v1, without credentials or
 * query, and https unless the host is the machine itself. Each refusal suggests the closest
 * valid address, with any key pasted into it redacted.
 */
import { ConfigurationError } from './errors.js';
import type { Redactor } from './redact.js';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

export function isLoopback(hostname: string): boolean {
  if (LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost')) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * `name` is what the caller calls the address in its messages: `baseUrl` for the client, the
 * variable (`CONTENT_API_URL`) or option it came from for the loaders.
 */
export function parseBaseUrl(
  input: unknown,
  allowInsecureHttp: boolean,
  redact: Redactor = (text) => text,
  name = 'baseUrl',
): URL {
  // The URL is quoted back to help; a key pasted into it must not be.
  const fail = (what: string, hint: string) =>
    new ConfigurationError(redact(what), { hint: redact(hint) });
  if (typeof input !== 'string' && !(input instanceof URL)) {
    throw fail(`${name} is missing`, 'Pass the API address, e.g. "https://example.com/api/v1".');
  }
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw fail(
      `${name} is not an absolute URL`,
      'Pass the full address including https://, e.g. "https://example.com/api/v1".',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw fail(`${name} uses ${url.protocol}`, 'Use an https: address.');
  }
  if (url.username !== '' || url.password !== '') {
    throw fail(
      `${name} contains credentials (user:password@)`,
      `Remove them and pass the key as apiKey: ${suggest(url)}`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw fail(
      `${name} has a query or fragment`,
      `Pass the bare API address: ${suggest(url)}; the key goes in apiKey.`,
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/api/v1')) {
    throw fail(
      `${name} must end in /api/v1, got path "${url.pathname}"`,
      `Did you mean ${suggest(url)} ?`,
    );
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowInsecureHttp) {
    throw fail(
      `${name} uses http: to ${url.hostname}, which would send the key in clear text`,
      `Use ${suggest(url, 'https:')} , or set allowInsecureHttp: true if you really mean it.`,
    );
  }
  url.pathname = path;
  return url;
}

/** The closest valid base URL to what the caller passed, without credentials or query. */
function suggest(url: URL, protocol = url.protocol): string {
  const path = url.pathname.replace(/\/+$/, '');
  const at = path.indexOf('/api/v1');
  let fixed: string;
  if (at >= 0 && (path.length === at + 7 || path[at + 7] === '/')) fixed = path.slice(0, at + 7);
  // Another version of the API (/api/v2, /api/v1beta/articles): this client speaks v1 only.
  else if (/\/api\/v[^/]*(\/|$)/.test(path))
    fixed = path.replace(/(\/api)\/v[^/]*(\/.*)?$/, '$1/v1');
  else if (path.endsWith('/api')) fixed = `${path}/v1`;
  else if (/\/v\d+$/.test(path)) fixed = path.replace(/\/v\d+$/, '/api/v1');
  else fixed = `${path}/api/v1`;
  return `${protocol}//${url.host}${fixed}`;
}
