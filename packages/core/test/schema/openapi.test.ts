/**
 * The OpenAPI document: in sync with the zod schemas, a valid OpenAPI 3.1 document (checked by
 * @seriousme/openapi-schema-validator against the official schema), and describing what the
 * real mock server answers (checked with ajv's independent 2020-12 implementation).
 */
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildOpenApiDocument } from '../../scripts/openapi.ts';
import { type Running, startMock } from '../doctor/support.js';

// ajv-formats is CommonJS with a default export; nodenext sees the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Doc = ReturnType<typeof buildOpenApiDocument> & {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};
const committed = JSON.parse(
  await readFile(new URL('../../openapi.json', import.meta.url), 'utf8'),
) as Doc;

test('the committed openapi.json is what the zod schemas generate', () => {
  // If this fails after a schema change: npm run openapi -w @content-read/core
  expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
});

test('it is a valid OpenAPI 3.1 document', async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(committed));
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(committed, 'urn:content-read:openapi');
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The schema the document declares for `status` of `method path`; fails if it declares none. */
function responseSchema(path: string, method: string, status: number): ValidateFunction {
  expect(committed.paths[path]?.[method]?.responses, `${method} ${path}`).toHaveProperty(
    String(status),
  );
  const at = pointer('paths', path, method, 'responses', String(status), 'content');
  return ajv.compile({ $ref: `urn:content-read:openapi#/${at}/application~1json/schema` });
}

let api: Running;
beforeAll(async () => {
  api = await startMock();
});
afterAll(() => api.close());

async function call(path: string, key?: string, method = 'GET') {
  const url = `${api.baseUrl.replace(/\/api\/v1$/, '')}${path}`;
  const headers: Record<string, string> = key === undefined ? {} : { authorization: key };
  const res = await fetch(url, { method, headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

function expectValid(validate: ValidateFunction, body: unknown) {
  const ok = validate(body);
  expect(validate.errors ?? []).toEqual([]);
  expect(ok).toBe(true);
}

const KEY = 'Bearer demo-full-access-key';

describe('real mock-server responses match the document', () => {
  test.each([
    ['/api/v1', '/api/v1', undefined],
    ['/api/v1/blogs', '/api/v1/blogs', KEY],
    ['/api/v1/articles', '/api/v1/articles?format=json&per_page=7&page=2', KEY],
    ['/api/v1/articles', '/api/v1/articles?blog=northwind-news', KEY],
    ['/api/v1/articles', '/api/v1/articles?page=999', KEY],
  ])('200 of %s (%s)', async (path, request, key) => {
    const { status, body } = await call(request, key);
    expect(status).toBe(200);
    expectValid(responseSchema(path, 'get', 200), body);
  });

  test.each([
    [400, '/api/v1/articles', '/api/v1/articles?per_page=0', KEY, 'invalid_parameter'],
    [400, '/api/v1/articles', '/api/v1/articles?format=xml', KEY, 'unsupported_format'],
    [401, '/api/v1/blogs', '/api/v1/blogs', undefined, 'missing_token'],
    [401, '/api/v1/blogs', '/api/v1/blogs', 'demo-full-access-key', 'invalid_authorization'],
    [401, '/api/v1/articles', '/api/v1/articles', 'Bearer demo-revoked-key', 'invalid_token'],
    [404, '/api/v1/articles', '/api/v1/articles?blog=no-such-blog', KEY, 'not_found'],
  ])('%i of %s (%s)', async (expected, path, request, key, code) => {
    const { status, body } = await call(request, key);
    expect(status).toBe(expected);
    expect(body).toMatchObject({ error: { status: expected, code } });
    expectValid(responseSchema(path, 'get', expected), body);
  });

  test('405 for POST, and 404 for an unknown path, carry the Error body', async () => {
    const post = await call('/api/v1/blogs', KEY, 'POST');
    expect(post.status).toBe(405);
    expectValid(responseSchema('/api/v1/blogs', 'get', 405), post.body);
    const unknown = await call('/api/v1/nothing-here', KEY);
    expect(unknown.status).toBe(404);
    expectValid(
      ajv.compile({ $ref: 'urn:content-read:openapi#/components/schemas/Error' }),
      unknown.body,
    );
  });
});

describe('the document is not a rubber stamp', () => {
  test('bodies that break the contract are rejected', async () => {
    const { body } = await call('/api/v1/articles?per_page=2', KEY);
    const list = responseSchema('/api/v1/articles', 'get', 200);
    const broken = structuredClone(body) as { data: Record<string, unknown>[]; meta: object };
    (broken.data[0] as Record<string, unknown>).title = 42;
    expect(list(broken)).toBe(false);
    const badDate = structuredClone(body) as { data: Record<string, unknown>[] };
    (badDate.data[1] as Record<string, unknown>).published_at = 'yesterday';
    expect(list(badDate)).toBe(false);
    expect(list({ data: [] })).toBe(false); // meta is part of the envelope
    expect(responseSchema('/api/v1', 'get', 200)({ name: 'x', version: 'v1' })).toBe(false);
  });
});
