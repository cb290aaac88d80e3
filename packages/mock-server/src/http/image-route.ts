import { etagMatches } from '@content-read/core/internal';
import { gradientPng } from '../images/png.js';
import { CORS_HEADERS, type Outcome, type Representation, strongEtag } from './outcome.js';
import { safeTarget } from './request-log.js';
import { error, MESSAGES, NO_STORE } from './responses.js';
import { splitTarget } from './routes.js';

/** The largest width or height the image route draws. */
export const MAX_IMAGE_SIDE = 1600;
const IMAGE_PATH = /^\/images\/([a-z0-9-]{1,64})\/([1-9][0-9]{0,3})x([1-9][0-9]{0,3})\.png$/;
const NOT_AN_IMAGE = `No image at this path: the form is /images/<seed>/<w>x<h>.png (seed: 1 to 64 of a-z 0-9 -; w, h: 1..${MAX_IMAGE_SIDE}).`;
const READ_ONLY = 'Images are read-only: use GET or HEAD.';
/** Images never change: a seed and a size always give the same bytes. */
const IMAGE_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'cache-control': 'public, max-age=31536000, immutable',
};

/**
 * The mock's demo images, `GET`/`HEAD /images/<seed>/<w>x<h>.png`: a PNG of that size drawn from
 * the seed (see images/png.ts), public as on a CDN (no key), with a strong ETag and 304. Both
 * faces ask this before the API; its requests are not API requests, so they are kept out of the
 * request log and stats and listed in `requests` instead (the paths, newest last).
 */
export class ImageRoute {
  /** The paths asked for, newest last (trimmed like the request log). */
  requests: string[] = [];
  /** The newest encoded images, least recently used first. */
  readonly #cache = new Map<string, Promise<Representation>>();

  constructor(
    private readonly limit: number,
    private readonly log: ((line: string) => void) | undefined,
    private readonly cacheSize = 64,
  ) {}

  /** Whether a request target is the image route's (every path under /images/, good or bad). */
  owns(target: string): boolean {
    return splitTarget(target).path.startsWith('/images/');
  }

  /** The answer to an image request. Never rejects: a failure is a 500 with a JSON error. */
  async answer(method: string, target: string, ifNoneMatch: string | null): Promise<Outcome> {
    const started = performance.now();
    const path = safeTarget(target);
    this.requests.push(path);
    if (this.requests.length >= this.limit * 2) this.requests = this.requests.slice(-this.limit);
    let outcome: Outcome;
    try {
      outcome = await this.decide(method, target, ifNoneMatch);
    } catch {
      outcome = error(500, 'internal', MESSAGES.bug, method === 'HEAD', null, NO_STORE);
    }
    this.log?.(`${method} ${path} ${outcome.status} ${(performance.now() - started).toFixed(1)}ms`);
    return outcome;
  }

  reset(): void {
    this.requests = [];
  }

  private async decide(method: string, target: string, ifNoneMatch: string | null) {
    const isHead = method === 'HEAD';
    if (method !== 'GET' && !isHead)
      return error(405, 'method_not_allowed', READ_ONLY, false, null, {
        ...NO_STORE,
        allow: 'GET, HEAD',
      });
    const match = IMAGE_PATH.exec(splitTarget(target).path);
    const [, seed = '', w = '', h = ''] = match ?? [];
    const width = Number(w);
    const height = Number(h);
    if (!match || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
      // One line of JSON, in the API's error body (the API contract §7).
      return error(404, 'not_found', NOT_AN_IMAGE, isHead, null, NO_STORE);
    const image = await this.image(seed, width, height);
    const headers = { ...IMAGE_HEADERS, etag: image.etag };
    if (etagMatches(ifNoneMatch, image.etag))
      return { ...outcomeOf(304, headers, null), conditional: true, notModified: true };
    const outcome = outcomeOf(
      200,
      { ...headers, 'content-type': 'image/png', 'content-length': image.length },
      isHead ? null : image.body,
    );
    outcome.conditional = ifNoneMatch !== null;
    return outcome;
  }

  /** The encoded image, from the cache or made (once, however many ask at the same time). */
  private image(seed: string, width: number, height: number): Promise<Representation> {
    const key = `${seed}/${width}x${height}`;
    let image = this.#cache.get(key);
    if (image !== undefined) {
      this.#cache.delete(key); // to the newest end
    } else {
      image = gradientPng(seed, width, height).then((png) => {
        const body = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
        return { body, etag: strongEtag(body), length: String(body.length) };
      });
      image.catch(() => this.#cache.delete(key));
      if (this.#cache.size >= this.cacheSize) {
        const oldest = this.#cache.keys().next();
        if (!oldest.done) this.#cache.delete(oldest.value);
      }
    }
    this.#cache.set(key, image);
    return image;
  }
}

function outcomeOf(status: number, headers: Record<string, string>, body: Buffer | null): Outcome {
  return {
    status,
    headers,
    body,
    route: null,
    delivery: { delayMs: 0 },
    conditional: false,
    notModified: false,
    faults: [],
  };
}
