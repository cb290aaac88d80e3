/**
 * Every error this package throws, and the words of its messages. Web platform only: the live
 * loaders and the proxy make their errors here too, in whatever runtime serves them.
 * (ContentReadLiveError is in server/live/live-error.ts: it extends Astro's runtime class, which
 * build-time code must not load.)
 */
import { redactSecrets } from '@content-read/core/internal';
import { type InvalidItem, KEY_VARIABLE, URL_VARIABLE } from '@content-read/core/web';

/** One problem with one item: its API id, the field (API or entry name) and what is wrong. */
export type ItemProblem = Pick<InvalidItem, 'id' | 'field' | 'problem'>;

/**
 * Gives `error` a stack that is its first line alone (`Name: message`), so Astro and Node print
 * the line that says what to do, not a trace through this package. Read lazily: subclasses set
 * `name` after the base constructor runs. Writable, as tools that rewrite stacks expect.
 */
export function oneLineStack(error: Error): void {
  let stack: string | undefined;
  Object.defineProperty(error, 'stack', {
    configurable: true,
    enumerable: false,
    get: () => stack ?? `${error.name}: ${error.message}`,
    set: (value: string) => {
      stack = value;
    },
  });
}

/** The base of this package's errors: a message that says what to do, and a one-line stack. */
export class OneLineError extends Error {
  constructor(message: string) {
    super(message);
    oneLineStack(this);
  }
}

/**
 * A setup error of the contentRead() integration: Astro prints the line that says what to do,
 * not a trace through this integration.
 */
export class ContentReadSetupError extends OneLineError {
  override readonly name = 'ContentReadSetupError';
}

/** A page passed `cacheKey()` something it cannot key: what, and what to pass instead. */
export class CacheKeyError extends OneLineError {
  override readonly name = 'CacheKeyError';
}

/**
 * The one error a failed sync throws: a single actionable line that names the
 * collection and the cause. The client's error stays available as `clientError`.
 */
export class ContentReadLoaderError extends OneLineError {
  override readonly name = 'ContentReadLoaderError';
  /** The HTTP client's error, for debugging (not a `cause`: Astro would print its whole trace). */
  declare readonly clientError?: unknown;
  constructor(
    readonly collection: string,
    message: string,
    clientError?: unknown,
  ) {
    super(message);
    Object.defineProperty(this, 'clientError', { value: clientError, enumerable: false });
  }
}

/**
 * Neither the options nor the environment give the API's URL and key: set CONTENT_API_URL and
 * CONTENT_API_KEY (in `.env` or the server's environment), or pass `baseUrl` and `apiKey`.
 */
export class MissingConnectionError extends OneLineError {
  override readonly name = 'MissingConnectionError';
}

/**
 * A `blogs` option names a blog the key cannot read: fix the name (the message lists blogs the
 * key reads), or widen the key's blog scope.
 */
export class UnknownBlogError extends OneLineError {
  override readonly name = 'UnknownBlogError';
  readonly hint: string;
  /**
   * `readable`: the blogs the key reads (blog-names.ts's NamedBlog, spelt out here: that file
   * imports this one).
   */
  constructor(name: string, readable: readonly { id: string; slug: string }[]) {
    super(
      `the blogs option names "${clip(name)}", which matches no blog this key can read (by id or slug)`,
    );
    const some = readable.slice(0, 10).map((b) => `${b.id} (${b.slug})`);
    this.hint = `Fix the name in the blogs option${some.length ? `; the key reads ${some.join(', ')}${readable.length > some.length ? ', …' : ''}` : ''}, or widen the key's blog scope.`;
  }
}

/** A live `filter.blog` names no blog the key can read: pass the id or slug of one it can. */
export class UnknownFilterBlogError extends OneLineError {
  override readonly name = 'UnknownFilterBlogError';
  readonly status = 404;
  readonly code = 'not_found';
  readonly hint = 'Pass the id or slug of a blog the key can read.';
  constructor(name: string) {
    super(`filter.blog "${clip(name)}" matches no blog this key can read (by id or slug)`);
  }
}

/** A name as messages quote it: a filter may come from a URL, of any length. */
function clip(name: string): string {
  return name.length > 80 ? `${name.slice(0, 80)}…` : name;
}

/** The fields of @content-read/core's errors this package reads (duck-typed on purpose). */
interface ClientErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
  path?: string;
  hint?: string;
  timeout?: boolean;
  issues?: { index?: number; id?: string; field: string; problem: string }[];
}

/** Why a sync failed, in words a site owner can act on. */
export function describeCause(error: unknown): string {
  const e = (
    typeof error === 'object' && error ? error : { message: String(error) }
  ) as ClientErrorLike;
  const at = e.path ? ` on ${e.path}` : '';
  const status = e.status
    ? ` (${e.status}${e.code ? ` ${e.code}` : ''}${at})`
    : at
      ? ` (${at.trim()})`
      : '';
  switch (e.name) {
    case 'AuthenticationError':
      return `the API rejected the key${status}. Check ${KEY_VARIABLE} (or the apiKey option): it must be a current key of this workspace.`;
    case 'NetworkError':
      // A timeout's advice is the client's (raise timeouts); any other failure's, the address.
      return `the API could not be reached${at}${e.timeout ? ' (timed out)' : ''}: ${ownWords(e)}. ${e.timeout && e.hint ? e.hint : `Check ${URL_VARIABLE} and that the service is running.`}`;
    case 'RateLimitError':
      return `the API kept rate-limiting the requests${status} after all retries. Try again later, or lower the concurrency option.`;
    case 'ServerError':
      return `the API failed${status} after all retries. Try again later.`;
    case 'NotFoundError':
      // A listing without ?blog= has nothing to miss but the API itself: the address is wrong.
      return e.path?.includes('blog=')
        ? `the API answered 404${at}: a blog in the blogs option does not exist or is not visible to this key. Check the blogs option and the key's blog scope.`
        : `the API answered 404${at}: there is no Content Read API there. Check ${URL_VARIABLE} (or the baseUrl option): it must be the API's address, ending in /api/v1.`;
    case 'ValidationError': {
      const issue = e.issues?.[0];
      const where = issue
        ? ` (${issue.id ? `item ${issue.id}, ` : ''}field ${issue.field}: ${issue.problem})`
        : '';
      return `the API sent data that does not match the Content Read API v1${where}${at}.`;
    }
    case 'ListingChangedError':
      return `the content kept changing while it was being listed${at}. Run the build again.`;
    default:
      return `${firstLine(e.message ?? String(error))}.${e.hint ? ` ${e.hint}` : ''}`;
  }
}

export function syncFailed(
  collection: string,
  error: unknown,
  secret?: string,
): ContentReadLoaderError {
  const message = redact(
    `Could not sync collection "${collection}": ${describeCause(error)}`,
    secret,
  );
  // Keep the client's error for debugging, unless anything in it shows the key.
  const leaks = secret !== undefined && mentions(error, secret);
  return new ContentReadLoaderError(collection, message, leaks ? undefined : error);
}

export function invalidItem(collection: string, kind: string, problem: ItemProblem): string {
  return `Collection "${collection}": ${kind} ${problem.id} is invalid: field "${problem.field}": ${firstLine(problem.problem)}.`;
}

/** Core's redaction (the key and anything shaped like a Bearer credential), for one key. */
export function redact(text: string, secret: string | undefined): string {
  return redactSecrets(text, secret ? [secret] : []);
}

/** The first line, without a closing full stop (the messages here add their own). */
/**
 * What a client error says happened, without the path and the advice its message ends with:
 * the line that quotes it says both in its own words.
 */
function ownWords(e: ClientErrorLike): string {
  let what = (e.message ?? '').split('\n')[0] ?? '';
  if (e.hint && what.endsWith(` ${e.hint}`)) what = what.slice(0, -e.hint.length - 1);
  what = firstLine(what);
  if (e.path && what.endsWith(` (${e.path})`)) what = what.slice(0, -e.path.length - 3);
  return what;
}

function firstLine(text: string | undefined): string {
  return ((text ?? '').split('\n')[0] ?? '').trim().replace(/\.+$/, '');
}

/** Whether `secret` is in any string an error holds (message, stack, cause, fields), 8 deep. */
function mentions(value: unknown, secret: string, depth = 0, seen = new Set<object>()): boolean {
  if (typeof value === 'string') return value.includes(secret);
  if (typeof value !== 'object' || value === null || depth > 8 || seen.has(value)) return false;
  seen.add(value);
  return Object.getOwnPropertyNames(value).some((name) =>
    mentions((value as Record<string, unknown>)[name], secret, depth + 1, seen),
  );
}
