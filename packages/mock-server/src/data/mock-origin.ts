/**
 * The mock's own origin, before it is known.
 *
 * The built-in demo dataset and generated datasets show images the mock serves itself
 * (`/images/<seed>/<w>x<h>.png`), so a demo or a test needs no network. Their URLs must name the
 * mock's origin, which is known only once it listens (port 0 picks a free port) or is first asked
 * something (`handle()`, msw). So datasets name it by this placeholder, a reserved name that never
 * resolves (RFC 2606 `.invalid`), and the server rewrites it, once, to its real origin, in every
 * string of every blog and article it holds: when `listen()` starts listening (the origin of its
 * `baseUrl`), or at the first request `handle()` receives (that request's origin), whichever
 * comes first, or at creation when `createMockServer({ origin })` names one. The rewrite happens
 * before any request is answered, so no list page or ETag ever holds the placeholder; it fires no
 * publish call and keeps edits made before it; records added or edited later are rewritten as
 * they come in. Any dataset, a user's file too, may use the placeholder the same way.
 */
export const MOCK_ORIGIN = 'http://content-read-mock.invalid';

/** The placeholder as a whole origin: not followed by more of a host name or a port. */
const PLACEHOLDER = /http:\/\/content-read-mock\.invalid(?![\w.:-])/g;

/** The URL of a demo image on the mock, by its placeholder origin. */
export function mockImageUrl(seed: string, width: number, height: number): string {
  return `${MOCK_ORIGIN}/images/${seed}/${width}x${height}.png`;
}

/**
 * `value` with the placeholder origin replaced by `origin` in every string it holds (through
 * objects and arrays). What holds no placeholder is returned as it is, not copied.
 */
export function rebaseOrigin<T>(value: T, origin: string): T {
  if (typeof value === 'string')
    return (value.includes(MOCK_ORIGIN) ? value.replace(PLACEHOLDER, origin) : value) as T;
  if (typeof value !== 'object' || value === null) return value;
  // Copied only where something changes: most values of a large dataset hold no placeholder.
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(source)) {
    const item = source[key];
    const next = rebaseOrigin(item, origin);
    if (next === item) continue;
    if (copy === undefined)
      copy = Array.isArray(value)
        ? ([...value] as unknown as Record<string, unknown>)
        : { ...source };
    copy[key] = next;
  }
  return (copy ?? value) as T;
}

/** The origin of a URL the mock is reached at (http or https), or an error naming `what`. */
export function originOf(url: string, what: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${what}: "${url}" is not a URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`${what}: "${url}" is not an http or https URL.`);
  return parsed.origin;
}
