/**
 * What the routes contentRead() adds (the proxy, the publish webhook) and its dev webhook share:
 * the API's own error shape, and the bearer check. Web platform only: the routes run on every
 * adapter.
 */

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The headers of every JSON answer: its type, and that no cache keeps it. */
export const JSON_HEADERS: Readonly<Record<string, string>> = {
  'content-type': JSON_TYPE,
  'cache-control': 'no-store',
};

/** `{ "error": { "status", "code", "message" } }`, as the API itself answers errors. */
export function errorBody(status: number, code: string, message: string) {
  return { error: { status, code, message } };
}

/** A JSON answer that no cache keeps. */
export function jsonAnswer(
  status: number,
  body: object,
  headers?: Record<string, string>,
): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** An error answer in the API's shape ({@link errorBody}), that no cache keeps. */
export function jsonError(
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): Response {
  return jsonAnswer(status, errorBody(status, code, message), headers);
}

/**
 * Whether `header` is `Bearer <secret>`, compared in constant time: both sides are hashed to the
 * same length first, so neither the content nor the length of the secret shows in the timing.
 */
export async function bearerMatches(
  header: string | null | undefined,
  secret: string,
): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [given, expected] = await Promise.all([digest(header ?? ''), digest(`Bearer ${secret}`)]);
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= (given[i] ?? 0) ^ (expected[i] ?? 0);
  return difference === 0;
}
