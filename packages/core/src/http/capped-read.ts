/**
 * The capped reader of web streams: the web client's bodies and the loader's proxy read through
 * it. (Undici's Node streams on the build path have their own, in stream-body.ts: node:stream
 * cannot load where the proxy runs, and bridging to web streams would copy every chunk.)
 */

export interface CappedRead {
  chunks: Uint8Array[];
  /** Bytes read, counting the chunk that went over the cap when `over`. */
  total: number;
  /** More than maxBytes arrived: reading stopped there and the stream was cancelled. */
  over: boolean;
}

/**
 * Reads `body` to the end, or up to the first chunk that takes it past `maxBytes`. Any failure
 * (or going over) cancels the stream, so a half-read body never pins its connection.
 * `onChunk` runs for each chunk before it is kept, with its size (the client refreshes its idle
 * timer there; the proxy counts the bytes all its reads hold): `false` stops reading as if the
 * cap were passed.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  onChunk?: (bytes: number) => boolean | undefined,
): Promise<CappedRead> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { chunks, total, over: false };
      total += value.byteLength;
      if (total > maxBytes || onChunk?.(value.byteLength) === false) {
        await reader.cancel().catch(() => {});
        return { chunks, total, over: true };
      }
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
}

/** The chunks as one array: no copy when there is a single chunk. */
export function concatBytes(chunks: Uint8Array[], total: number): Uint8Array {
  const [only] = chunks;
  if (chunks.length === 1 && only) return only;
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
