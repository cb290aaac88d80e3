/**
 * One HTTP exchange (one attempt) over a Sender (sender.ts): our own timeouts, manual
 * redirects that never carry the key to another origin, bounded bodies, and mapping of
 * every failure to a ContentReadError. Retries live in retry.ts, paging in listing/pages.ts.
 */
import { ConfigurationError, isContentReadError } from '../errors.js';
import type { ResolvedOptions } from '../options.js';
import type { Redactor } from '../redact.js';
import { USER_AGENT } from '../version.js';
import { parseJsonBody, type ReadLimits, safeJson, TimeoutReason } from './body.js';
import { networkError } from './network-errors.js';
import { redirectTarget } from './redirect.js';
import { Semaphore } from './semaphore.js';
import type { RawResponse, Sender } from './sender.js';
import { errorForResponse, unexpectedStatus } from './status-errors.js';

export interface SendOptions {
  /** Send `Authorization: Bearer <key>` (to this origin only). */
  auth: boolean;
  ifNoneMatch?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface JsonResponse {
  status: number;
  /** The final URL after same-origin redirects. */
  url: URL;
  headers: Headers;
  /** Parsed JSON; undefined for 304. */
  body: unknown;
  notModified: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ERROR_BODY_LIMIT = 64 * 1024;

export function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

export class Transport {
  readonly #o: ResolvedOptions;
  readonly #redact: Redactor;
  readonly #slots: Semaphore;
  readonly #sender: Sender;
  #closed = false;

  constructor(options: ResolvedOptions, redact: Redactor, sender: Sender) {
    this.#o = options;
    this.#redact = redact;
    this.#slots = new Semaphore(options.concurrency);
    this.#sender = sender;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#sender.close();
  }

  /** GET `url`, following redirects; resolves for 200 and 304, throws for anything else. */
  async send(url: URL, o: SendOptions): Promise<JsonResponse> {
    if (this.#closed) {
      throw new ConfigurationError('The client is closed', {
        path: this.#redact(pathOf(url)),
        hint: 'Create a new client with createClient(); close() releases its connections for good.',
      });
    }
    const release = await this.#slots.acquire(o.signal);
    try {
      return await this.#follow(url, o);
    } finally {
      release();
    }
  }

  async #follow(start: URL, o: SendOptions): Promise<JsonResponse> {
    let url = start;
    let withKey = o.auth;
    let keyDroppedByRedirect = false;
    for (let hops = 0; ; hops++) {
      const controller = new AbortController();
      const signal = o.signal ? AbortSignal.any([o.signal, controller.signal]) : controller.signal;
      const res = await this.#exchange(url, withKey, o, controller, signal);
      const path = this.#redact(pathOf(url));
      if (REDIRECTS.has(res.status)) {
        await res.discard(this.#o.timeouts.body);
        const next = redirectTarget(res, url, hops, this.#o.maxRedirects, path);
        if (next.origin !== url.origin && withKey) {
          // Never forward the key to another origin (RFC 9110 15.4; what browsers do).
          withKey = false;
          keyDroppedByRedirect = true;
        }
        url = next;
        continue;
      }
      const limits = { controller, path, idleMs: this.#o.timeouts.body };
      if (res.status === 304) {
        await res.discard(this.#o.timeouts.body);
        if (o.ifNoneMatch === undefined) throw unexpectedStatus(path, 304);
        return { status: 304, url, headers: res.headers, body: undefined, notModified: true };
      }
      if (res.status === 200) {
        const text = await this.#read(res, { ...limits, maxBytes: this.#o.maxResponseBytes }, o);
        return {
          status: 200,
          url,
          headers: res.headers,
          body: parseJsonBody(text, res, path, this.#redact),
          notModified: false,
        };
      }
      let body: unknown;
      try {
        const text = await this.#read(res, { ...limits, maxBytes: ERROR_BODY_LIMIT }, o);
        body = safeJson(text) ?? text;
      } catch {
        if (o.signal?.aborted) throw o.signal.reason;
        body = undefined; // an unreadable error body still gives a useful error below
      }
      throw errorForResponse({
        method: 'GET',
        status: res.status,
        headers: res.headers,
        body,
        path,
        keySent: withKey,
        keyDroppedByRedirect,
        redact: this.#redact,
      });
    }
  }

  async #exchange(
    url: URL,
    withKey: boolean,
    o: SendOptions,
    controller: AbortController,
    signal: AbortSignal,
  ): Promise<RawResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.#o.userAgent ? `${USER_AGENT} ${this.#o.userAgent}` : USER_AGENT,
    };
    if (withKey && this.#o.apiKey !== undefined) headers.authorization = `Bearer ${this.#o.apiKey}`;
    if (o.ifNoneMatch !== undefined) headers['if-none-match'] = o.ifNoneMatch;
    // Our own headers timer: fetch has none, and an injected dispatcher may have none either.
    const wait = this.#o.timeouts.connect + this.#o.timeouts.headers;
    const timer = setTimeout(() => controller.abort(new TimeoutReason('headers', wait)), wait);
    const started = performance.now();
    try {
      const res = await this.#sender.send(url, headers, signal);
      this.#emit(url, res.status, started);
      return res;
    } catch (error) {
      throw this.#failure(error, controller, o, this.#redact(pathOf(url)));
    } finally {
      clearTimeout(timer);
    }
  }

  async #read(res: RawResponse, limits: ReadLimits, o: SendOptions): Promise<string> {
    try {
      return await res.text(limits);
    } catch (error) {
      if (isContentReadError(error)) throw error;
      throw this.#failure(error, limits.controller, o, limits.path);
    }
  }

  #failure(error: unknown, controller: AbortController, o: SendOptions, path: string): unknown {
    if (o.signal?.aborted) return o.signal.reason;
    return networkError(error, controller.signal.reason, path, this.#redact);
  }

  #emit(url: URL, status: number, started: number): void {
    try {
      this.#o.onResponse?.({
        method: 'GET',
        path: this.#redact(pathOf(url)),
        status,
        notModified: status === 304,
        durationMs: performance.now() - started,
      });
    } catch {
      // An observer must never break the request it observes.
    }
  }
}
