/**
 * The body of an undici `Dispatcher.request` response (a Node Readable), read like
 * `body.text()` but within maxBytes while it streams, with an idle timeout, and destroyed
 * on any failure: a half-read body pins its socket.
 */
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Dispatcher } from 'undici';
import { ValidationError } from '../errors.js';
import { declaredTooLarge, decodeUtf8, type ReadLimits, TimeoutReason, tooLarge } from './body.js';

/** Largest redirect or 304 body drained for socket reuse; a bigger one is destroyed. */
const DRAIN_LIMIT = 64 * 1024;

export function readStreamText(
  raw: Readable,
  headers: Dispatcher.ResponseData['headers'],
  limits: ReadLimits,
): Promise<string> {
  const declared = declaredTooLarge(headers['content-length'], limits);
  const body = declared ?? decoded(raw, headers['content-encoding'], limits.path);
  if (!isReadable(body)) {
    raw.on('error', noop).destroy();
    return Promise.reject(body);
  }
  if (body.destroyed) {
    return Promise.reject(
      body.errored ?? new Error('The response body was destroyed before it was read'),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    // Our controller's signal went into the request: aborting it makes undici destroy the body.
    const timer = setTimeout(
      () => limits.controller.abort(new TimeoutReason('body', limits.idleMs)),
      limits.idleMs,
    );
    const settle = (error: unknown, text?: string) => {
      clearTimeout(timer);
      body.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (text !== undefined) return resolve(text);
      body.on('error', noop).destroy();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limits.maxBytes) {
        settle(tooLarge(limits, `exceeded the limit after ${total} bytes`));
        return;
      }
      chunks.push(chunk);
      timer.refresh();
    };
    const onEnd = () => settle(undefined, decodeUtf8(chunks, total));
    const onError = (error: unknown) => settle(error);
    const onClose = () => settle(new Error('The response body closed before its end'));
    body.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** Drains a small body so its socket goes back to the pool; destroys a large or stalled one. */
export async function discardStream(
  body: Readable & { dump?(o: { limit: number }): Promise<unknown> },
  idleMs: number,
): Promise<void> {
  if (body.readableEnded || body.destroyed) return;
  const timer = setTimeout(() => body.on('error', noop).destroy(), idleMs);
  try {
    if (body.dump) await body.dump({ limit: DRAIN_LIMIT });
    else body.on('error', noop).destroy();
  } catch {
    // Destroyed: the socket is closed instead of reused; nothing else to do.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body with its content codings undone (we ask for gzip, deflate and br, as fetch does).
 * maxResponseBytes then counts decoded bytes, so a compression bomb is cut off like any
 * oversized body; destroying the decoder destroys the socket's body too (pipeline).
 */
function decoded(
  body: Readable,
  header: string | string[] | undefined,
  path: string,
): Readable | ValidationError {
  const codings = typeof header === 'string' ? header.toLowerCase().split(',') : [];
  const wanted = codings.map((c) => c.trim()).filter((c) => c !== '' && c !== 'identity');
  const unknown = wanted.find((c) => !Object.hasOwn(DECODERS, c));
  if (unknown !== undefined) {
    return new ValidationError('The response uses a content coding the client did not ask for', {
      path,
      issues: [{ field: 'Content-Encoding', problem: `unsupported coding "${unknown}"` }],
      hint: 'The client accepts gzip, deflate and br; check proxies between the client and the API.',
    });
  }
  const decoders = wanted.reverse().map((c) => DECODERS[c as keyof typeof DECODERS]());
  if (decoders.length === 0) return body;
  // Errors reach the reader through the last stream; pipeline destroys every stage with it.
  return (pipeline as (...s: unknown[]) => Readable)(body, ...decoders, noop);
}

const DECODERS = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
} as const;

function isReadable(value: Readable | Error): value is Readable {
  return !(value instanceof Error);
}

function noop(): void {}
