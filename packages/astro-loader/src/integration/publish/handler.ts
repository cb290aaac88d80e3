/**
 * The publish webhook: a CMS (or the mock server) says what changed, and the cached on-demand
 * pages that showed it are dropped from Astro's route cache, by the tags the live loaders put in
 * their cache hints, and the live loaders' listings are read again on their next use. Web
 * platform only: it runs in the deployed server, on every adapter.
 */
import { concatBytes, readCapped } from '@content-read/core/internal';
import {
  ALL_CONTENT_TAG,
  ARTICLES_TAG,
  articleTag,
  BLOGS_TAG,
  blogTag,
} from '../../live/cache-tags.js';

export const PUBLISH_SECRET_VARIABLE = 'CONTENT_PUBLISH_SECRET';
/** Largest body read: a thousand ids with room to spare. */
const MAX_BODY_BYTES = 64 * 1024;
/** Most ids one call may name; a bigger publish says `all`. */
const MAX_IDS = 1000;
/** What an API id may look like here: it becomes a cache tag, sent in CDN headers. */
const ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The part of Astro's `context.cache` the webhook uses. */
export interface RouteCache {
  readonly enabled: boolean;
  invalidate(options: { tags: string[] }): Promise<void>;
}

export interface PublishDeps {
  /** The shared secret (CONTENT_PUBLISH_SECRET of the server), or undefined when not set. */
  secret: string | undefined;
  cache: RouteCache;
  /** Expires the live loaders' listings; returns how many. */
  expireListings: () => number;
}

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
const problem = (
  status: number,
  error: string,
  message: string,
  headers?: Record<string, string>,
) => json(status, { error, message }, headers);

/**
 * `POST` with `Authorization: Bearer <CONTENT_PUBLISH_SECRET>` and a JSON body naming what
 * changed: `{ "articles": ["art_1"] }`, `{ "blogs": ["blog_1"] }` (both may be given), or
 * `{ "all": true }`. Answers 200 with the tags invalidated.
 */
export async function handlePublish(request: Request, deps: PublishDeps): Promise<Response> {
  if (request.method !== 'POST')
    return problem(405, 'method_not_allowed', 'The publish webhook takes POST.', { allow: 'POST' });
  if (!deps.secret)
    return problem(
      500,
      'publish_not_configured',
      `Set ${PUBLISH_SECRET_VARIABLE} in the server's environment (the platform's variables or secrets) and send it as Authorization: Bearer <secret>.`,
    );
  if (!(await sameSecret(request.headers.get('authorization'), deps.secret)))
    return problem(
      401,
      'unauthorized',
      `Send Authorization: Bearer <${PUBLISH_SECRET_VARIABLE}>.`,
      { 'www-authenticate': 'Bearer' },
    );
  const body = await readBody(request);
  if (body instanceof Response) return body;
  const tags = tagsFor(body);
  if (typeof tags === 'string') return problem(400, 'invalid_body', tags);
  let routeCache = 'disabled';
  if (deps.cache.enabled) {
    try {
      await deps.cache.invalidate({ tags });
      routeCache = 'invalidated';
    } catch (error) {
      const reason = String((error as Error)?.message ?? error).split('\n')[0];
      return problem(
        500,
        'invalidate_failed',
        `Astro's route cache could not invalidate ${tags.join(', ')}: ${reason}. Check the cache provider of the Astro config.`,
      );
    }
  }
  return json(200, { invalidated: tags, routeCache, liveListings: deps.expireListings() });
}

/** Compares the header with the secret in time that does not depend on where they differ. */
async function sameSecret(header: string | null, secret: string): Promise<boolean> {
  const bytes = new TextEncoder();
  const [given, expected] = await Promise.all(
    [header ?? '', `Bearer ${secret}`].map((text) =>
      crypto.subtle.digest('SHA-256', bytes.encode(text)),
    ),
  );
  const a = new Uint8Array(given as ArrayBuffer);
  const b = new Uint8Array(expected as ArrayBuffer);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

async function readBody(request: Request): Promise<unknown> {
  const tooBig = problem(
    413,
    'body_too_large',
    `The body is over ${MAX_BODY_BYTES} bytes: name at most ${MAX_IDS} ids, or send {"all":true}.`,
  );
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return tooBig;
  if (!request.body) return problem(400, 'invalid_body', bodyShape('The body is empty'));
  const read = await readCapped(request.body, MAX_BODY_BYTES);
  if (read.over) return tooBig;
  const text = new TextDecoder().decode(concatBytes(read.chunks, read.total));
  try {
    return JSON.parse(text);
  } catch {
    return problem(400, 'invalid_body', bodyShape('The body is not JSON'));
  }
}

const bodyShape = (what: string) =>
  `${what}: send {"articles":[ids]}, {"blogs":[ids]} (API ids, both may be given) or {"all":true}.`;

/** The tags a publish invalidates, or what is wrong with its body. */
function tagsFor(body: unknown): string[] | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return bodyShape('The body is not a JSON object');
  const { articles, blogs, all, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return bodyShape(`Unknown field "${unknown[0]}"`);
  if (all !== undefined && all !== true) return bodyShape('Field "all" must be true when given');
  if (all === true) {
    if (articles !== undefined || blogs !== undefined) return bodyShape('Field "all" goes alone');
    return [ALL_CONTENT_TAG];
  }
  const articleIds = ids('articles', articles);
  if (typeof articleIds === 'string') return articleIds;
  const blogIds = ids('blogs', blogs);
  if (typeof blogIds === 'string') return blogIds;
  if (articleIds.length + blogIds.length === 0) return bodyShape('Nothing named');
  if (articleIds.length + blogIds.length > MAX_IDS)
    return bodyShape(`More than ${MAX_IDS} ids; for a bigger publish send {"all":true}`);
  return [
    ...(articleIds.length ? [ARTICLES_TAG, ...articleIds.map(articleTag)] : []),
    ...(blogIds.length ? [BLOGS_TAG, ...blogIds.map(blogTag)] : []),
  ];
}

function ids(field: string, value: unknown): string[] | string {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return bodyShape(`Field "${field}" must be an array of ids`);
  const bad = value.findIndex((id) => typeof id !== 'string' || !ID.test(id));
  if (bad >= 0)
    return bodyShape(
      `Field "${field}"[${bad}] is not an API id (1 to 128 letters, digits, "_", ".", ":" or "-")`,
    );
  return [...new Set(value as string[])];
}
