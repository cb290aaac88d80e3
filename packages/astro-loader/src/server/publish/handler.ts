/**
 * The publish webhook: a CMS (or the mock server) says what changed, and the cached on-demand
 * pages that showed it are dropped from Astro's route cache, by the tags the live loaders put in
 * their cache hints, and the live loaders' listings are read again on their next use. Web
 * platform only: it runs in the deployed server, on every adapter.
 */
import { concatBytes, readCapped } from '@content-read/core/internal';
import { bearerMatches, jsonAnswer, jsonError } from '../http.js';
import {
  ALL_CONTENT_TAG,
  ARTICLES_TAG,
  articleTag,
  BLOGS_TAG,
  blogTag,
} from '../live/cache-tags.js';
import type { Published } from '../live/expiry.js';
import { PUBLISH_ERRORS, type PublishErrorCode } from './error-codes.js';

/** An error answer, its status taken from the code. */
function publishError(code: PublishErrorCode, message: string, headers?: Record<string, string>) {
  return jsonError(PUBLISH_ERRORS[code], code, message, headers);
}

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
  /** Expires what the publish names in the live loaders' listings; returns how many it concerned. */
  expireListings: (published: Published) => number;
}

/**
 * `POST` with `Authorization: Bearer <CONTENT_PUBLISH_SECRET>` and a JSON body naming what
 * changed: `{ "articles": ["art_1"] }`, `{ "blogs": ["blog_1"] }` (both may be given), or
 * `{ "all": true }`. Answers 200 with the tags invalidated.
 */
export async function handlePublish(request: Request, deps: PublishDeps): Promise<Response> {
  const response = await answer(request, deps);
  // What is left unread of a refused request's body is read (up to the cap) before answering, as
  // an HTTP server drains a body to keep the connection usable: `wrangler dev` otherwise loses
  // the next request on that connection ("Network connection lost").
  if (request.body && !request.bodyUsed)
    await readCapped(request.body, MAX_BODY_BYTES).catch(() => undefined);
  return response;
}

async function answer(request: Request, deps: PublishDeps): Promise<Response> {
  if (request.method !== 'POST')
    return publishError('method_not_allowed', 'The publish webhook takes POST.', {
      allow: 'POST',
    });
  if (!deps.secret)
    return publishError(
      'publish_not_configured',
      `Set ${PUBLISH_SECRET_VARIABLE} in the server's environment (the platform's variables or secrets) and send it as Authorization: Bearer <secret>.`,
    );
  if (!(await bearerMatches(request.headers.get('authorization'), deps.secret)))
    return publishError(
      'unauthorized',
      `Send Authorization: Bearer <${PUBLISH_SECRET_VARIABLE}>.`,
      {
        'www-authenticate': 'Bearer',
      },
    );
  const body = await readJson(request);
  if (body === TOO_LARGE)
    return publishError(
      'body_too_large',
      `The body is over ${MAX_BODY_BYTES} bytes: name at most ${MAX_IDS} ids, or send {"all":true}.`,
    );
  const published = publishedIn(body);
  if (typeof published === 'object' && 'problem' in published)
    return publishError(
      'invalid_body',
      `${published.problem}: send {"articles":[ids]}, {"blogs":[ids]} (API ids, both may be given) or {"all":true}.`,
    );
  const tags = tagsOf(published);
  // First, as it cannot fail: a route cache that cannot purge must not keep this server's live
  // listings stale too.
  const liveListings = deps.expireListings(published);
  let routeCache = 'disabled';
  if (deps.cache.enabled) {
    try {
      await deps.cache.invalidate({ tags });
      routeCache = 'invalidated';
    } catch (error) {
      const reason = String((error as Error)?.message ?? error).split('\n')[0];
      return publishError(
        'invalidate_failed',
        `Astro's route cache could not invalidate ${tags.join(', ')}: ${reason}. Check the cache provider of the Astro config (this server's live listings were expired).`,
      );
    }
  }
  return jsonAnswer(200, { invalidated: tags, routeCache, liveListings });
}

const TOO_LARGE = Symbol('too large');
const NOT_JSON = Symbol('not JSON');

/** The body as JSON, read up to MAX_BODY_BYTES whatever Content-Length says. */
async function readJson(request: Request): Promise<unknown> {
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) return TOO_LARGE;
  if (!request.body) return NOT_JSON;
  const read = await readCapped(request.body, MAX_BODY_BYTES);
  if (read.over) return TOO_LARGE;
  try {
    return JSON.parse(new TextDecoder().decode(concatBytes(read.chunks, read.total)));
  } catch {
    return NOT_JSON;
  }
}

/** What a publish names, or what is wrong with its body. */
function publishedIn(body: unknown): Published | { problem: string } {
  if (body === NOT_JSON) return { problem: 'The body is not JSON' };
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { problem: 'The body is not a JSON object' };
  const { articles = [], blogs = [], all, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return { problem: `Unknown field "${unknown}"` };
  if (all !== undefined) {
    if (all !== true) return { problem: 'Field "all" must be true when given' };
    return 'articles' in body || 'blogs' in body ? { problem: 'Field "all" goes alone' } : 'all';
  }
  const named: string[][] = [];
  for (const [field, value] of [
    ['articles', articles],
    ['blogs', blogs],
  ] as const) {
    if (!Array.isArray(value)) return { problem: `Field "${field}" must be an array of ids` };
    const bad = value.findIndex((id) => typeof id !== 'string' || !ID.test(id));
    if (bad >= 0)
      return {
        problem: `Field "${field}"[${bad}] is not an API id (1 to 128 letters, digits, "_", ".", ":" or "-")`,
      };
    named.push([...new Set(value as string[])]);
  }
  const [articleIds = [], blogIds = []] = named;
  const count = articleIds.length + blogIds.length;
  if (count === 0) return { problem: 'Nothing named' };
  if (count > MAX_IDS)
    return { problem: `More than ${MAX_IDS} ids; for a bigger publish send {"all":true}` };
  return { articles: articleIds, blogs: blogIds };
}

/** The route-cache tags of what was published: those the live loaders' cache hints carry. */
function tagsOf(published: Published): string[] {
  if (published === 'all') return [ALL_CONTENT_TAG];
  const { articles = [], blogs = [] } = published;
  return [
    ...(articles.length ? [ARTICLES_TAG, ...articles.map(articleTag)] : []),
    ...(blogs.length ? [BLOGS_TAG, ...blogs.map(blogTag)] : []),
  ];
}
