import { inspect } from 'node:util';
import { NetworkError } from '@content-read/core';
import { describe, expect, it } from 'vitest';
import { syncFailed } from '../src/shared/errors.js';

function clientError(name: string, fields: Record<string, unknown>) {
  return Object.assign(new Error(String(fields.message ?? name)), { name, ...fields });
}

describe('sync failure messages', () => {
  it('name the collection and the cause in one line, for a rejected key', () => {
    const error = syncFailed(
      'articles',
      clientError('AuthenticationError', {
        status: 401,
        code: 'invalid_token',
        path: '/api/v1/articles',
      }),
    );
    expect(error.message).toBe(
      'Could not sync collection "articles": the API rejected the key (401 invalid_token on /api/v1/articles). Check CONTENT_API_KEY (or the apiKey option): it must be a current key of this workspace.',
    );
    expect(error.message).not.toContain('\n');
    expect(error.stack).toBe(`ContentReadLoaderError: ${error.message}`);
    expect(error.cause).toBeUndefined();
    expect(error.clientError).toBeInstanceOf(Error);
  });

  it('explain an unreachable API', () => {
    const error = syncFailed(
      'blogs',
      clientError('NetworkError', { message: 'connect ECONNREFUSED', timeout: false }),
    );
    expect(error.message).toMatch(
      /^Could not sync collection "blogs": the API could not be reached: connect ECONNREFUSED\. Check CONTENT_API_URL/,
    );
  });

  it("say the path and the advice once, not again in the client's words", () => {
    const path = '/api/v1/blogs?per_page=500&page=1';
    const refused = new NetworkError('Network error ECONNREFUSED: connect ECONNREFUSED', {
      path,
      timeout: false,
      hint: 'Could not talk to the API; check baseUrl, the network and that the server is up.',
    });
    expect(syncFailed('blogs', refused).message).toBe(
      `Could not sync collection "blogs": the API could not be reached on ${path}: Network error ECONNREFUSED: connect ECONNREFUSED. Check CONTENT_API_URL and that the service is running.`,
    );
    // A timeout keeps the client's advice, which is about time, not the address.
    const slow = new NetworkError('Timed out waiting for the response headers (10000 ms)', {
      path,
      timeout: true,
      hint: 'Raise `timeouts` or try again later.',
    });
    expect(syncFailed('blogs', slow).message).toBe(
      `Could not sync collection "blogs": the API could not be reached on ${path} (timed out): Timed out waiting for the response headers (10000 ms). Raise \`timeouts\` or try again later.`,
    );
  });

  it('blame the address, naming CONTENT_API_URL, for a 404 on a listing without ?blog=', () => {
    const wrong = syncFailed(
      'blogs',
      clientError('NotFoundError', { status: 404, path: '/wrong/api/v1/blogs?page=1' }),
    );
    expect(wrong.message).toBe(
      'Could not sync collection "blogs": the API answered 404 on /wrong/api/v1/blogs?page=1: there is no Content Read API there. Check CONTENT_API_URL (or the baseUrl option): it must be the API\'s address, ending in /api/v1.',
    );
    const blog = syncFailed(
      'articles',
      clientError('NotFoundError', { status: 404, path: '/api/v1/articles?blog=gone' }),
    );
    expect(blog.message).toContain('a blog in the blogs option does not exist');
  });

  it('read as sentences: a cause that ends in a full stop gets no second one', () => {
    const network = syncFailed(
      'blogs',
      clientError('NetworkError', { message: 'Network error: other side closed.', timeout: false }),
    );
    const other = syncFailed(
      'blogs',
      clientError('RequestError', { message: 'Too many redirects.', hint: 'Check the URL.' }),
    );
    for (const error of [network, other]) expect(error.message).not.toMatch(/\.\./);
    expect(other.message).toBe(
      'Could not sync collection "blogs": Too many redirects. Check the URL.',
    );
  });

  it('never carry the key, even if a cause mentioned it', () => {
    const error = syncFailed('articles', new Error('bad token canary-123 here'), 'canary-123');
    expect(error.message).not.toContain('canary-123');
    expect(inspect(error)).not.toContain('canary-123');
    expect(JSON.stringify(error)).not.toContain('canary-123');
  });
});
