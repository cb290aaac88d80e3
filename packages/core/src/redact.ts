/** What a secret is replaced with wherever text may leave the client. */
export const REDACTED = '[REDACTED]';

export type Redactor = (text: string) => string;

/**
 * Replaces every occurrence of each secret (and anything that looks like a Bearer
 * credential) with `[REDACTED]`. Used on every string that ends up in an error or event.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length > 0) out = out.split(secret).join(REDACTED);
  }
  // A server or proxy may echo the header in a form we cannot predict exactly.
  return out.replace(/\bBearer[ \t]+(?!\[REDACTED\])[^\s"',;]+/gi, `Bearer ${REDACTED}`);
}

export function makeRedactor(secrets: readonly string[]): Redactor {
  return (text) => redactSecrets(text, secrets);
}

const MAX_CAUSE_DEPTH = 5;

/**
 * Rebuilds an error (and its cause chain) from scratch, keeping only name, message,
 * code and stack, each redacted. Foreign errors can carry arbitrary properties (request
 * options, headers); copying the few we need is the only way to be sure none leaks.
 */
export function scrubError(value: unknown, redact: Redactor, depth = 0): Error {
  if (!(value instanceof Error)) {
    return new Error(redact(String(value)));
  }
  const copy =
    value instanceof AggregateError
      ? new AggregateError(
          depth < MAX_CAUSE_DEPTH ? value.errors.map((e) => scrubError(e, redact, depth + 1)) : [],
          redact(value.message),
        )
      : new Error(redact(value.message));
  copy.name = redact(value.name);
  copy.stack = redact(value.stack ?? `${value.name}: ${value.message}`);
  const code = (value as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code: redact(code) });
  if (value.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    copy.cause = scrubError(value.cause, redact, depth + 1);
  }
  return copy;
}
