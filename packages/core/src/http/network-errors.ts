/**
 * Turns whatever fetch or a body stream threw (undici errors, our timeout aborts) into a
 * NetworkError whose cause is a scrubbed copy: foreign error objects never leave the client.
 */

import { NetworkError } from '../errors.js';
import { type Redactor, scrubError } from '../redact.js';
import { TimeoutReason } from './body.js';

const SLOW =
  'The API or the network is slow; retries were exhausted. Raise `timeouts` or try again later.';

export function networkError(
  error: unknown,
  abortReason: unknown,
  path: string,
  redact: Redactor,
): NetworkError {
  const cause = scrubError(error, redact);
  if (abortReason instanceof TimeoutReason) {
    const what = `Timed out waiting for the response ${abortReason.phase} (${abortReason.ms} ms)`;
    return new NetworkError(what, { path, timeout: true, cause, hint: SLOW });
  }
  const code = findCode(error);
  const timeout = code !== undefined && /TIMEOUT/.test(code);
  return new NetworkError(`Network error${code ? ` ${code}` : ''}: ${redact(messageOf(error))}`, {
    path,
    timeout,
    cause,
    hint: timeout
      ? SLOW
      : 'Could not talk to the API; check baseUrl, the network and that the server is up.',
  });
}

/** The first `code` along the cause chain (undici puts ECONNRESET etc. on the cause). */
function findCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = error.cause instanceof Error ? error.cause.message : undefined;
  return inner && inner !== error.message ? `${error.message} (${inner})` : error.message;
}
