/**
 * Turns ClientOptions into a fully-defaulted, validated configuration. Everything here
 * runs in createClient, before any request: a bad option never reaches the network.
 */

import type { Dispatcher } from 'undici';
import { parseBaseUrl } from './base-url.js';
import { ConfigurationError } from './errors.js';
import { makeRedactor } from './redact.js';
import { B64TOKEN, DEFAULT_PER_PAGE, MAX_PER_PAGE } from './schema/wire.js';
import type { ClientOptions, FetchLike, ResponseEvent, RetryEvent } from './types.js';

export interface ResolvedOptions {
  /** Normalised base URL without trailing slash, e.g. `https://x.test/api/v1`. */
  baseUrl: URL;
  apiKey: string | undefined;
  concurrency: number;
  perPage: number;
  timeouts: { connect: number; headers: number; body: number };
  maxResponseBytes: number;
  retry: {
    retries: number;
    minTimeout: number;
    maxTimeout: number;
    factor: number;
    randomize: boolean;
    maxRetryAfter: number;
  };
  maxListingAttempts: number;
  maxRedirects: number;
  fetch: FetchLike | undefined;
  dispatcher: Dispatcher | undefined;
  userAgent: string | undefined;
  onRetry: ((event: RetryEvent) => void) | undefined;
  onResponse: ((event: ResponseEvent) => void) | undefined;
}

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw config('createClient needs an options object', 'Pass { baseUrl, apiKey }.');
  }
  const secrets = typeof options.apiKey === 'string' ? [options.apiKey] : [];
  const baseUrl = parseBaseUrl(
    options.baseUrl,
    options.allowInsecureHttp === true,
    makeRedactor(secrets),
  );
  if (options.apiKey !== undefined) checkApiKey(options.apiKey);
  const retry = options.retry ?? {};
  const timeouts = options.timeouts ?? {};
  const resolved: ResolvedOptions = {
    baseUrl,
    apiKey: options.apiKey,
    concurrency: positiveInt('concurrency', options.concurrency, 6),
    perPage: perPage(options.perPage, DEFAULT_PER_PAGE),
    timeouts: {
      connect: positiveInt('timeouts.connect', timeouts.connect, 10_000),
      headers: positiveInt('timeouts.headers', timeouts.headers, 30_000),
      body: positiveInt('timeouts.body', timeouts.body, 30_000),
    },
    maxResponseBytes: positiveInt('maxResponseBytes', options.maxResponseBytes, 32 * 1024 * 1024),
    retry: {
      retries: nonNegative('retry.retries', retry.retries, 3),
      minTimeout: nonNegative('retry.minTimeout', retry.minTimeout, 500),
      maxTimeout: nonNegative('retry.maxTimeout', retry.maxTimeout, 10_000),
      factor: nonNegative('retry.factor', retry.factor, 2),
      randomize: retry.randomize ?? true,
      maxRetryAfter: nonNegative('retry.maxRetryAfter', retry.maxRetryAfter, 60_000),
    },
    maxListingAttempts: positiveInt('maxListingAttempts', options.maxListingAttempts, 3),
    maxRedirects: nonNegative('maxRedirects', options.maxRedirects, 5),
    fetch: options.fetch,
    dispatcher: options.dispatcher,
    userAgent: options.userAgent,
    onRetry: options.onRetry,
    onResponse: options.onResponse,
  };
  if (resolved.userAgent !== undefined && /[\r\n]/.test(resolved.userAgent)) {
    throw config('userAgent contains a line break', 'Pass a single-line product token.');
  }
  return resolved;
}

/** Validates a per-call or client-wide page size (1..500). */
export function perPage(value: number | undefined, fallback: number): number {
  const n = positiveInt('perPage', value, fallback);
  if (n > MAX_PER_PAGE) {
    throw config(`perPage is ${n}, above the server maximum`, `Use 1..${MAX_PER_PAGE}.`);
  }
  return n;
}

/** The checks RFC 6750 and the API contract §2 impose; the message never quotes the key. */
export function checkApiKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) {
    throw config('apiKey is empty', 'Pass the API key of your Content Read team (a string).');
  }
  if (/^bearer\s/i.test(key)) {
    throw config('apiKey starts with "Bearer "', 'Pass the key alone; the client adds "Bearer ".');
  }
  if (/\s/.test(key)) {
    throw config(
      `apiKey contains whitespace (at position ${key.search(/\s/)})`,
      'Copy the key again without spaces or line breaks, e.g. trim the environment variable.',
    );
  }
  if (!B64TOKEN.test(key)) {
    throw config(
      'apiKey contains characters outside the RFC 6750 token alphabet',
      'A key uses only A-Z a-z 0-9 - . _ ~ + / and trailing "="; check you copied the right value.',
    );
  }
}

function positiveInt(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw config(
      `${name} must be a positive integer, got ${String(value)}`,
      `Omit it to use ${fallback}.`,
    );
  }
  return value;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw config(
      `${name} must be a number >= 0, got ${String(value)}`,
      `Omit it to use ${fallback}.`,
    );
  }
  return value;
}

function config(what: string, hint: string): ConfigurationError {
  return new ConfigurationError(what, { hint });
}
