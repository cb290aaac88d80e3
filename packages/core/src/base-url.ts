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

export function parseBaseUrl(
  input: unknown,
  allowInsecureHttp: boolean,
  redact: Redactor = (text) => text,
): URL {
  // The URL is quoted back to help; a key pasted into it must not be.
  const fail = (what: string, hint: string) =>
    new ConfigurationError(redact(what), { hint: redact(hint) });
  if (typeof input !== 'string' && !(input instanceof URL)) {
    throw fail('baseUrl is missing', 'Pass the API address, e.g. "https://example.com/api/v1".');
  }
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw fail(
      'baseUrl is not an absolute URL',
      'Pass the full address including https://, e.g. "https://example.com/api/v1".',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw fail(`baseUrl uses ${url.protocol}`, 'Use an https: address.');
  }
  if (url.username !== '' || url.password !== '') {
    throw fail(
      'baseUrl contains credentials (user:password@)',
      `Remove them and pass the key as apiKey: ${suggest(url)}`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw fail(
      'baseUrl has a query or fragment',
      `Pass the bare API address: ${suggest(url)}; the key goes in apiKey.`,
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/api/v1')) {
    throw fail(
      `baseUrl must end in /api/v1, got path "${url.pathname}"`,
      `Did you mean ${suggest(url)} ?`,
    );
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowInsecureHttp) {
    throw fail(
      `baseUrl uses http: to ${url.hostname}, which would send the key in clear text`,
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
  else if (path.endsWith('/api')) fixed = `${path}/v1`;
  else if (path.endsWith('/v1')) fixed = `${path.slice(0, -3)}/api/v1`;
  else fixed = `${path}/api/v1`;
  return `${protocol}//${url.host}${fixed}`;
}
