/** content-read doctor, in process, against the real mock server (and a misbehaving proxy). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CheckResult,
  type DoctorConfig,
  exitCodeOf,
  formatReport,
  parseCommand,
  runDoctor,
} from '../../src/doctor/index.js';
import { config, type Running, startMock, startProxy } from './support.js';

let api: Awaited<ReturnType<typeof startMock>>;
let stripping: Running;
let noPreflight: Running;

beforeAll(async () => {
  api = await startMock();
  stripping = await startProxy(api.baseUrl, { stripAuthorization: true });
  noPreflight = await startProxy(api.baseUrl, { swallowPreflight: true });
});
afterAll(async () => {
  await Promise.all([stripping.close(), noPreflight.close()]);
  await api.close();
});

async function doctor(overrides: Partial<DoctorConfig>) {
  const c = config(overrides);
  const checks = await runDoctor(c);
  const byName = (name: string) => checks.find((x) => x.name === name) as CheckResult;
  return { checks, byName, text: formatReport(c, checks), code: exitCodeOf(checks) };
}

const statuses = (checks: CheckResult[]) => checks.map((c) => `${c.name}: ${c.status}`);

describe('a healthy API and key', () => {
  test('every check passes and the blogs are listed with their article counts', async () => {
    const { checks, byName, text, code } = await doctor({
      url: api.baseUrl,
      key: 'demo-full-access-key',
    });
    expect(statuses(checks)).toEqual([
      'Base URL: ok',
      'Discovery: ok',
      'API key: ok',
      'Blogs: ok',
      'CORS preflight: info',
    ]);
    expect(code).toBe(0);
    // The counts are the server's own: ask it independently, one blog at a time.
    const expected: string[] = [];
    for (const blog of ['northwind-engineering', 'northwind-design', 'northwind-news']) {
      const res = await fetch(`${api.baseUrl}/articles?blog=${blog}&per_page=500`, {
        headers: { authorization: 'Bearer demo-full-access-key' },
      });
      const body = (await res.json()) as { data: unknown[] };
      expected.push(`${blog} ${body.data.length}`);
    }
    const blogs = byName('Blogs');
    expect(blogs.details.map((d) => d.replace(/\s+/g, ' ').replace(/ articles? .*/, ''))).toEqual(
      expected,
    );
    expect(blogs.summary).toMatch(/^3 blogs, \d+ articles visible to this key$/);
    expect(text).toContain('No problem found.');
    expect(text).not.toContain('demo-full-access-key');
  });

  test('a scoped key sees only its blogs; a key that sees none gets a warning, not a failure', async () => {
    const scoped = await doctor({ url: api.baseUrl, key: 'demo-two-blogs-key' });
    expect(scoped.byName('Blogs').summary).toMatch(/^2 blogs,/);
    api.mock.addKey({
      id: 'key_nothing',
      team_id: 'team_web',
      key: 'sees-nothing-key',
      blog_access_scope: ['blog_nope'],
    });
    const none = await doctor({ url: api.baseUrl, key: 'sees-nothing-key' });
    expect(none.byName('Blogs')).toMatchObject({
      status: 'warn',
      summary: 'the key sees no blogs',
    });
    expect(none.code).toBe(0);
  });
});

describe('the key', () => {
  test('a revoked key is reported as rejected (invalid_token)', async () => {
    const { byName, code } = await doctor({ url: api.baseUrl, key: 'demo-revoked-key' });
    expect(byName('API key').status).toBe('fail');
    expect(byName('API key').summary).toContain('401 invalid_token');
    expect(byName('API key').summary).not.toContain('missing_token');
    expect(byName('Blogs').status).toBe('skip');
    expect(code).toBe(1);
  });

  test('a header stripped by a proxy is told apart from a rejected key (missing_token)', async () => {
    const { byName, text, code } = await doctor({
      url: stripping.baseUrl,
      key: 'demo-full-access-key',
    });
    const key = byName('API key');
    expect(key.status).toBe('fail');
    expect(key.summary).toBe('a key was sent, but the API received none (401 missing_token)');
    expect(key.details.join(' ')).toMatch(/proxy or CDN .* stripping the Authorization header/);
    expect(byName('Discovery').status).toBe('ok'); // discovery needs no key, so it still works
    expect(text).not.toContain('demo-full-access-key');
    expect(code).toBe(1);
  });

  test('a malformed key is reported without being sent or quoted', async () => {
    api.mock.resetStats();
    const { byName, text } = await doctor({ url: api.baseUrl, key: 'Bearer demo-full-access-key' });
    expect(byName('API key')).toMatchObject({
      status: 'fail',
      summary: 'the key is malformed and was not sent',
    });
    expect(text).not.toContain('demo-full-access-key');
    expect(api.mock.requests.some((r) => r.path.startsWith('/api/v1/blogs'))).toBe(false);
  });

  test('no key: the key check fails, the public checks still run', async () => {
    const { statuses: s } = { statuses: statuses((await doctor({ url: api.baseUrl })).checks) };
    expect(s).toEqual([
      'Base URL: ok',
      'Discovery: ok',
      'API key: fail',
      'Blogs: skip',
      'CORS preflight: info',
    ]);
  });
});

describe('address and reachability', () => {
  test('a base URL without /api/v1 fails with the corrected address suggested', async () => {
    const wrong = api.baseUrl.replace(/\/v1$/, '');
    const { checks, byName, code } = await doctor({ url: wrong, key: 'demo-full-access-key' });
    expect(byName('Base URL').summary).toContain(`Did you mean ${api.baseUrl} ?`);
    expect(checks.slice(1).every((c) => c.status === 'skip')).toBe(true);
    expect(code).toBe(1);
  });

  test('no address at all says where to put it', async () => {
    const { byName } = await doctor({});
    expect(byName('Base URL').details.join(' ')).toContain('CONTENT_API_URL');
  });

  test('an API that does not answer fails discovery and skips the rest', async () => {
    const gone = await startProxy(api.baseUrl, {});
    const url = gone.baseUrl;
    await gone.close();
    const { checks, byName, code } = await doctor({ url, key: 'demo-full-access-key' });
    expect(byName('Discovery')).toMatchObject({
      status: 'fail',
      summary: 'the API is not reachable',
    });
    expect(statuses(checks.slice(2))).toEqual([
      'API key: skip',
      'Blogs: skip',
      'CORS preflight: skip',
    ]);
    expect(code).toBe(1);
  });
});

describe('CORS preflight (informational: browsers should use a backend proxy)', () => {
  test('a preflight answered without Access-Control-Allow-Headers: Authorization is reported, not a failure', async () => {
    const { byName, code } = await doctor({
      url: noPreflight.baseUrl,
      key: 'demo-full-access-key',
    });
    const cors = byName('CORS preflight');
    expect(cors.status).toBe('info');
    expect(cors.summary).toContain('a browser calling the API directly would be blocked');
    expect(cors.details[0]).toContain('does not name Authorization');
    expect(cors.details.join('\n')).toContain('deliberately public and tightly scoped');
    expect(byName('Blogs').status).toBe('ok');
    expect(code).toBe(0);
  });

  test('an open preflight is reported with the same advice', async () => {
    const { byName } = await doctor({ url: api.baseUrl, key: 'demo-full-access-key' });
    expect(byName('CORS preflight').details.join('\n')).toMatch(
      /backend proxy.*\n.*deliberately public/,
    );
  });

  test('the preflight carries the Origin and asks for Authorization, as a browser does', async () => {
    api.mock.resetStats();
    await doctor({ url: api.baseUrl, origin: 'https://site.example' });
    expect(api.mock.requests.filter((r) => r.method === 'OPTIONS')).toHaveLength(1);
  });
});

describe('arguments', () => {
  test('flags win over the environment; the key source is named, never the key', () => {
    const env = { CONTENT_API_URL: 'https://a.example/api/v1', CONTENT_API_KEY: 'env-key' };
    const fromEnv = parseCommand(['doctor'], env);
    expect(fromEnv).toMatchObject({
      kind: 'doctor',
      config: { url: env.CONTENT_API_URL, key: 'env-key', keySource: 'CONTENT_API_KEY' },
    });
    const fromFlags = parseCommand(
      ['doctor', '--url', 'https://b.example/api/v1', '--key=flag-key'],
      env,
    );
    expect(fromFlags).toMatchObject({
      config: { url: 'https://b.example/api/v1', key: 'flag-key', keySource: '--key' },
    });
  });

  test('a mistyped option is named without its value', () => {
    expect(() => parseCommand(['doctor', '--kye=secret-value'], {})).toThrow(
      /^Unknown option --kye\. /,
    );
    expect(() => parseCommand(['doctor', '--kye=secret-value'], {})).not.toThrow(/secret-value/);
    expect(() => parseCommand(['diagnose'], {})).toThrow(/only command is "doctor"/);
    expect(parseCommand([], {})).toEqual({ kind: 'help' });
  });
});
