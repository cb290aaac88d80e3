import { describe, expect, test } from 'vitest';
import { isLoopback, parseBaseUrl } from '../src/base-url.js';
import { ConfigurationError, createClient } from '../src/index.js';

function configError(fn: () => unknown): ConfigurationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

describe('baseUrl', () => {
  test.each([
    ['https://cms.example/api/v1', 'https://cms.example/api/v1'],
    ['https://cms.example/api/v1/', 'https://cms.example/api/v1'],
    [new URL('https://cms.example/x/api/v1'), 'https://cms.example/x/api/v1'],
  ])('accepts %s', (input, _normalised) => {
    expect(() => createClient({ baseUrl: input, apiKey: 'k' })).not.toThrow();
  });

  test.each([
    ['https://cms.example', 'https://cms.example/api/v1'],
    ['https://cms.example/api', 'https://cms.example/api/v1'],
    ['https://cms.example/api/v1/articles', 'https://cms.example/api/v1'],
    ['https://cms.example/v1', 'https://cms.example/api/v1'],
    ['https://cms.example/v2', 'https://cms.example/api/v1'],
    ['https://cms.example/api/v2', 'https://cms.example/api/v1'],
    ['https://cms.example/x/api/v2/', 'https://cms.example/x/api/v1'],
    ['https://cms.example/api/v1beta/articles', 'https://cms.example/api/v1'],
  ])('rejects %s in one line and suggests %s', (input, suggestion) => {
    const error = configError(() => createClient({ baseUrl: input, apiKey: 'k' }));
    expect(error.message).toMatch(/^baseUrl must end in \/api\/v1, got path "[^"]*"\. /);
    expect(error.message).not.toContain('\n');
    expect(error.hint).toBe(`Did you mean ${suggestion} ?`);
  });

  test('names the address as the caller calls it (a variable, for the loaders)', () => {
    const error = configError(() =>
      parseBaseUrl('https://cms.example/api/v2', false, undefined, 'CONTENT_API_URL'),
    );
    expect(error.message).toBe(
      'CONTENT_API_URL must end in /api/v1, got path "/api/v2". Did you mean https://cms.example/api/v1 ?',
    );
  });

  test('rejects a relative or missing URL', () => {
    configError(() => createClient({ baseUrl: '/api/v1' }));
    configError(() => createClient({} as never));
  });

  test('rejects credentials and queries in the URL without echoing them', () => {
    const withUser = configError(() =>
      createClient({ baseUrl: 'https://u:secretpw@cms.example/api/v1' }),
    );
    expect(withUser.message + withUser.hint).not.toContain('secretpw');
    expect(withUser.hint).toContain('https://cms.example/api/v1');
    const withQuery = configError(() =>
      createClient({ baseUrl: 'https://cms.example/api/v1?key=zzz' }),
    );
    expect(withQuery.message + withQuery.hint).not.toContain('zzz');
  });

  test('http is refused for remote hosts unless allowInsecureHttp', () => {
    const error = configError(() => createClient({ baseUrl: 'http://cms.example/api/v1' }));
    expect(error.hint).toContain('https://cms.example/api/v1');
    expect(error.hint).toContain('allowInsecureHttp');
    expect(() =>
      createClient({ baseUrl: 'http://cms.example/api/v1', allowInsecureHttp: true }),
    ).not.toThrow();
  });

  test.each([
    'http://localhost:1/api/v1',
    'http://127.0.0.1/api/v1',
    'http://127.9.8.7/api/v1',
    'http://[::1]:4321/api/v1',
  ])('http is fine on loopback %s', (baseUrl) => {
    expect(() => createClient({ baseUrl })).not.toThrow();
  });

  test('isLoopback', () => {
    expect(isLoopback('localhost')).toBe(true);
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('[::1]')).toBe(true);
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback('127.example.com')).toBe(false);
  });

  test('rejects non-http protocols', () => {
    configError(() => createClient({ baseUrl: 'ftp://cms.example/api/v1' }));
  });
});

describe('apiKey', () => {
  const baseUrl = 'https://cms.example/api/v1';
  test.each([
    ['empty', ''],
    ['inner space', 'abc def'],
    ['trailing newline', 'abcdef\n'],
    ['tab', 'abc\tdef'],
    ['Bearer prefix', 'Bearer abcdef'],
    ['non-b64token characters', 'abc$def'],
    ['padding in the middle', 'ab=cd'],
    ['non-string', 42],
  ])('rejects a key with %s without quoting it', (_name, apiKey) => {
    const error = configError(() => createClient({ baseUrl, apiKey: apiKey as string }));
    if (typeof apiKey === 'string' && apiKey.length > 3) {
      expect(error.message).not.toContain(apiKey.trim());
      expect(JSON.stringify(error)).not.toContain(apiKey.trim());
    }
  });

  test.each(['demo-full-access-key', 'a.b_c~d+e/f==', 'ABC123'])('accepts %s', (apiKey) => {
    expect(() => createClient({ baseUrl, apiKey })).not.toThrow();
  });

  test('blogs and articles need a key; discover does not', async () => {
    const client = createClient({ baseUrl });
    await expect(client.listBlogs()).rejects.toBeInstanceOf(ConfigurationError);
    expect(() => client.pages('articles')).toThrow(/apiKey is required/);
    await client.close();
  });
});

describe('numeric options', () => {
  const baseUrl = 'https://cms.example/api/v1';
  test.each([
    { concurrency: 0 },
    { concurrency: 1.5 },
    { perPage: 501 },
    { perPage: 0 },
    { maxResponseBytes: -1 },
    { timeouts: { headers: 0 } },
    { retry: { retries: -1 } },
    { maxListingAttempts: 0 },
    { userAgent: 'x\r\ny' },
  ])('rejects %o', (extra) => {
    configError(() => createClient({ baseUrl, ...extra }));
  });

  test('per-call perPage is checked too', async () => {
    const client = createClient({ baseUrl, apiKey: 'k' });
    await expect(client.listArticles({ perPage: 1000 })).rejects.toThrow(/perPage is 1000/);
    await client.close();
  });
});
