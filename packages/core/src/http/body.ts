/**
 * Reads a response body with a size cap and an idle timeout, and makes sure every body
 * is either read to the end or cancelled: an unread body pins its socket.
 */
import { NetworkError, ResponseTooLargeError, ValidationError } from '../errors.js';
import type { Redactor } from '../redact.js';
import { concatBytes, readCapped } from './capped-read.js';

/** Abort reason used by our own timers, so a timeout is told apart from a caller abort. */
export class TimeoutReason {
  constructor(
    readonly phase: 'headers' | 'body',
    readonly ms: number,
  ) {}
}

/** Cancels a body we do not want; never throws. */
export async function discardBody(res: Response): Promise<void> {
  if (res.body && !res.bodyUsed) {
    await res.body.cancel().catch(() => {});
  }
}

export interface ReadLimits {
  maxBytes: number;
  idleMs: number;
  controller: AbortController;
  path: string;
}

/** A ResponseTooLargeError when the declared Content-Length is above the cap, else undefined. */
export function declaredTooLarge(
  contentLength: string | string[] | null | undefined,
  limits: ReadLimits,
): ResponseTooLargeError | undefined {
  const declared = Number(typeof contentLength === 'string' ? contentLength : Number.NaN);
  return declared > limits.maxBytes ? tooLarge(limits, `declares ${declared} bytes`) : undefined;
}

/** UTF-8 bytes to text, once: no copy for a single chunk, a leading BOM skipped (as fetch does). */
export function decodeUtf8(chunks: Uint8Array[], total: number): string {
  return UTF8.decode(concatBytes(chunks, total));
}

// Web-platform decoding (also on Node): replaces invalid sequences and drops a leading BOM.
const UTF8 = new TextDecoder('utf-8');

/** A fetch Response body (web stream), within `limits`. */
export async function readBodyText(res: Response, limits: ReadLimits): Promise<string> {
  const declared = declaredTooLarge(res.headers.get('content-length'), limits);
  if (declared) {
    await discardBody(res);
    throw declared;
  }
  if (!res.body) return '';
  const timer = setTimeout(
    () => limits.controller.abort(new TimeoutReason('body', limits.idleMs)),
    limits.idleMs,
  );
  try {
    const read = await readCapped(res.body, limits.maxBytes, () => void timer.refresh());
    if (read.over) throw tooLarge(limits, `exceeded the limit after ${read.total} bytes`);
    return decodeUtf8(read.chunks, read.total);
  } finally {
    clearTimeout(timer);
  }
}

export function tooLarge(limits: ReadLimits, detail: string): ResponseTooLargeError {
  return new ResponseTooLargeError(`Response body too large: it ${detail}`, {
    path: limits.path,
    limit: limits.maxBytes,
    hint: `The client reads at most maxResponseBytes (${limits.maxBytes} bytes); lower perPage, or raise maxResponseBytes if the content really is this large.`,
  });
}

export function safeJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A 200 body as JSON. A body that says it is JSON but does not parse was cut or corrupted on
 * the way (a proxy or a dropped connection): that is a NetworkError, retried like a reset.
 * Anything else (an HTML login page, say) is a ValidationError, never retried.
 */
export function parseJsonBody(
  text: string,
  res: { status: number; headers: Headers },
  path: string,
  redact: Redactor,
): unknown {
  const parsed = safeJson(text);
  if (parsed !== undefined) return parsed;
  const type = res.headers.get('content-type') ?? 'no content-type';
  if (/\bjson\b/i.test(type) && text.trim() !== '') {
    throw new NetworkError('The response body is incomplete or corrupted JSON', {
      path,
      status: res.status,
      timeout: false,
      hint: 'The body was cut or corrupted on the way; it was retried. If this persists, check proxies between the client and the API.',
    });
  }
  throw new ValidationError('The response is not JSON', {
    path,
    status: res.status,
    issues: [{ field: '(body)', problem: `not valid JSON (${redact(type)})` }],
    hint: 'Check that baseUrl points at the Content Read API and not at a web page, login page or proxy.',
  });
}
