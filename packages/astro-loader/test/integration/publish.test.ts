import { describe, expect, it } from 'vitest';
import { publishPath } from '../../src/build-time/integration/options.js';
import { handlePublish, type RouteCache } from '../../src/server/publish/handler.js';

const SECRET = 'canary-publish-secret-7Hq2';

/** A route cache that records what it was told to invalidate (or fails, when told to). */
function recordingCache(options: { enabled?: boolean; fail?: string } = {}) {
  const invalidated: string[][] = [];
  const cache: RouteCache = {
    enabled: options.enabled ?? true,
    invalidate: async ({ tags }) => {
      if (options.fail) throw new Error(`${options.fail}\n    at provider.js:1:1`);
      invalidated.push(tags);
    },
  };
  return { cache, invalidated };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('https://site.example/_content-read/publish', {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function publish(request: Request, options: Parameters<typeof recordingCache>[0] = {}) {
  const { cache, invalidated } = recordingCache(options);
  const expiredWith: unknown[] = [];
  const response = await handlePublish(request, {
    secret: SECRET,
    cache,
    expireListings: (published) => expiredWith.push(published) && 3,
  });
  const text = await response.text();
  const expired = expiredWith.length;
  return { response, text, body: JSON.parse(text), invalidated, expired, expiredWith };
}

describe('the publish webhook', () => {
  it('invalidates the tags of the named articles and blogs, and expires the live listings', async () => {
    const { response, body, invalidated, expiredWith } = await publish(
      post({ articles: ['art_0002', 'art_0002', 'art_0007'], blogs: ['blog_01'] }),
    );
    expect(response.status).toBe(200);
    const tags = ['articles', 'article:art_0002', 'article:art_0007', 'blogs', 'blog:blog_01'];
    expect(invalidated).toEqual([tags]);
    expect(body).toEqual({ invalidated: tags, routeCache: 'invalidated', liveListings: 3 });
    expect(expiredWith).toEqual([{ articles: ['art_0002', 'art_0007'], blogs: ['blog_01'] }]);
  });

  it('with {"all":true} invalidates the tag every live cache hint carries', async () => {
    const { body, invalidated, expiredWith } = await publish(post({ all: true }));
    expect(invalidated).toEqual([['content-read']]);
    expect(body.invalidated).toEqual(['content-read']);
    expect(expiredWith).toEqual(['all']);
  });

  it('without a route cache (dev, or no provider) still expires the live listings', async () => {
    const { response, body, invalidated, expired } = await publish(post({ articles: ['a'] }), {
      enabled: false,
    });
    expect(response.status).toBe(200);
    expect(invalidated).toEqual([]);
    expect(body.routeCache).toBe('disabled');
    expect(expired).toBe(1);
  });

  it('refuses a wrong or missing secret with 401, and never echoes the secret', async () => {
    for (const authorization of ['Bearer wrong', `Bearer ${SECRET}x`, SECRET, '']) {
      const { response, text, invalidated, expired } = await publish(
        post({ all: true }, { authorization }),
      );
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(text).not.toContain(SECRET);
      expect(invalidated).toEqual([]);
      expect(expired).toBe(0);
    }
  });

  it("reads a refused request's body before answering, so the connection stays usable", async () => {
    for (const authorization of ['Bearer wrong', '']) {
      const request = post({ all: true }, { authorization });
      const { response } = await publish(request);
      expect(response.status).toBe(401);
      expect(request.bodyUsed, authorization).toBe(true);
    }
  });

  it('answers 500 publish_not_configured, naming the variable, when the server has no secret', async () => {
    const { cache } = recordingCache();
    const response = await handlePublish(post({ all: true }), {
      secret: undefined,
      cache,
      expireListings: () => 0,
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      error: {
        status: 500,
        code: 'publish_not_configured',
        message: expect.stringMatching(/^Set CONTENT_PUBLISH_SECRET in the server's environment/),
      },
    });
  });

  it('takes POST only', async () => {
    const { cache } = recordingCache();
    const response = await handlePublish(
      new Request('https://site.example/_content-read/publish'),
      { secret: SECRET, cache, expireListings: () => 0 },
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it.each([
    ['not JSON', '{articles:', /^The body is not JSON: send \{"articles":\[ids\]\}/],
    ['nothing in it', '', /^The body is not JSON: send/],
    ['an array', '["art_1"]', /^The body is not a JSON object/],
    ['nothing named', {}, /^Nothing named/],
    ['an unknown field', { article: ['a'] }, /^Unknown field "article"/],
    ['ids not in an array', { articles: 'art_1' }, /^Field "articles" must be an array of ids/],
    ['an id that is not one', { blogs: ['ok', 'a b'] }, /^Field "blogs"\[1\] is not an API id/],
    ['all besides ids', { all: true, articles: ['a'] }, /^Field "all" goes alone/],
    ['all: false', { all: false }, /^Field "all" must be true when given/],
    [
      'too many ids',
      { articles: Array.from({ length: 1001 }, (_, i) => `a${i}`) },
      /^More than 1000 ids; for a bigger publish send \{"all":true\}/,
    ],
  ])('refuses a body with %s: 400, one line saying what to send', async (_, body, message) => {
    const { response, body: answer, invalidated } = await publish(post(body));
    expect(response.status).toBe(400);
    expect(answer.error).toMatchObject({ status: 400, code: 'invalid_body' });
    expect(answer.error.message).toMatch(message);
    expect(answer.error.message).not.toContain('\n');
    expect(invalidated).toEqual([]);
  });

  it('reads at most 64 KiB of body: 413 beyond, whatever Content-Length says', async () => {
    const big = JSON.stringify({ articles: ['x'.repeat(70_000)] });
    const declared = await publish(post(big));
    expect(declared.response.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 100; i++)
          controller.enqueue(new TextEncoder().encode(' '.repeat(1024)));
        controller.close();
      },
    });
    const undeclared = await publish(
      new Request('https://site.example/p', {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}` },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(undeclared.response.status).toBe(413);
    expect(undeclared.body.error.message).toMatch(/name at most 1000 ids, or send \{"all":true\}/);
  });

  it('reports a route cache that cannot invalidate in one line (500), naming the tags, having expired the live listings', async () => {
    const { response, body, expiredWith } = await publish(post({ blogs: ['blog_01'] }), {
      fail: 'Workers Cache is not available',
    });
    expect(response.status).toBe(500);
    expect(body.error.code).toBe('invalidate_failed');
    expect(body.error.message).toBe(
      "Astro's route cache could not invalidate blogs, blog:blog_01: Workers Cache is not available. Check the cache provider of the Astro config (this server's live listings were expired).",
    );
    expect(expiredWith).toEqual([{ articles: [], blogs: ['blog_01'] }]);
  });
});

describe('contentRead({ publish })', () => {
  it('answers at /_content-read/publish, or at a plain path of its own; refuses any other', () => {
    expect(publishPath(undefined)).toBeUndefined();
    expect(publishPath(false)).toBeUndefined();
    expect(publishPath(true)).toBe('/_content-read/publish');
    expect(publishPath({})).toBe('/_content-read/publish');
    expect(publishPath({ path: 'hooks/publish/' })).toBe('/hooks/publish');
    expect(() => publishPath({ path: '/hooks/[id]' })).toThrow(
      'contentRead(): publish.path must be a plain URL path such as "/_content-read/publish" (got "/hooks/[id]").',
    );
  });
});
