/**
 * The OpenAPI 3.1 description of Content Read API v1, generated from the zod schemas this
 * client validates with, so the document and the client can never disagree. Paths, statuses
 * and headers come from the API contract. Written to packages/core/openapi.json (shipped as
 * `@content-read/core/openapi.json`) by `npm run openapi -w @content-read/core`; a test keeps
 * the committed file equal to what this returns.
 */
import { z } from 'zod';
import {
  articleSchema,
  authorSchema,
  blogSchema,
  discoverySchema,
  errorBodySchema,
  featureImageSchema,
  listEnvelopeSchema,
  listMetaSchema,
} from '../src/schema/wire.ts';

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string; description: string }>();
  const add = (schema: z.ZodType, id: string, description: string) =>
    registry.add(schema, { id, description });
  add(discoverySchema, 'Discovery', 'GET {base_url}: what the API offers (the API contract §4).');
  add(blogSchema, 'Blog', 'A public blog visible to the key (§5).');
  add(authorSchema, 'Author', 'An author of an article.');
  add(featureImageSchema, 'FeatureImage', "An article's feature image.");
  add(articleSchema, 'Article', 'A public article of a visible blog (§5).');
  add(listMetaSchema, 'ListMeta', 'Pagination of a list (§5).');
  add(listEnvelopeSchema(blogSchema), 'BlogList', 'A page of blogs.');
  add(listEnvelopeSchema(articleSchema), 'ArticleList', 'A page of articles.');
  add(errorBodySchema, 'Error', 'Every error response (§7).');
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
    out[id] = annotateTimestamps(rest);
  }
  return out;
}

/** Timestamps are RFC 3339 strings (§1); zod keeps them plain strings, the document says more. */
function annotateTimestamps(schema: Json): Json {
  const props = schema.properties as Record<string, Json> | undefined;
  for (const [name, prop] of Object.entries(props ?? {})) {
    if (name.endsWith('_at') && prop.type === 'string') prop.format = 'date-time';
  }
  return schema;
}

const header = (description: string, schema: Json = { type: 'string' }) => ({
  description,
  schema,
});
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': header('Always `*` (credentials travel in Authorization).'),
  'Access-Control-Expose-Headers': header('ETag, Link, Retry-After, WWW-Authenticate.'),
};

function error(description: string, extraHeaders: Json = {}): Json {
  return {
    description,
    headers: { ...CORS_HEADERS, ...extraHeaders },
    content: { 'application/json': { schema: ref('Error') } },
  };
}

const ERRORS: Record<string, Json> = {
  '405': error('`method_not_allowed`: any method but GET, HEAD, OPTIONS.', {
    Allow: header('GET, HEAD, OPTIONS'),
  }),
  '429': error('`rate_limited`.', {
    'Retry-After': header('Seconds to wait.', { type: 'integer' }),
  }),
  '500': error('`internal`.'),
  '503': error('`unavailable`; may carry Retry-After.', {
    'Retry-After': header('Seconds to wait.', { type: 'integer' }),
  }),
};
const AUTH_ERRORS: Record<string, Json> = {
  '401': error('`missing_token`, `invalid_authorization` or `invalid_token` (§2).', {
    'WWW-Authenticate': header('Bearer realm="content-read"[, error="invalid_token"]'),
  }),
};

const integer = (description: string, minimum: number, maximum?: number): Json => ({
  in: 'query',
  required: false,
  description,
  schema: { type: 'integer', minimum, ...(maximum === undefined ? {} : { maximum }) },
});
const PAGING = [
  { name: 'page', ...integer('1-based page number; past the end gives empty data.', 1) },
  { name: 'per_page', ...integer('Items per page (default 100).', 1, 500) },
];

function listOperation(summary: string, list: string, parameters: Json[]): Json {
  return {
    summary,
    security: [{ bearer: [] }],
    parameters: [...parameters, ...PAGING],
    responses: {
      '200': {
        description: 'A page, in ascending id order.',
        headers: {
          ...CORS_HEADERS,
          ETag: header('Strong validator; send it back as If-None-Match.'),
          Link: header('rel="next" (when there is one) and rel="last", absolute paths.'),
          Vary: header('Authorization'),
          'Cache-Control': header('private, no-cache'),
        },
        content: { 'application/json': { schema: ref(list) } },
      },
      '304': { description: 'Not modified (If-None-Match matched); no body.' },
      '400': error('`invalid_parameter` or `unsupported_format`.'),
      ...AUTH_ERRORS,
      '404': error('`not_found`: the blog filter names no blog visible to the key.'),
      ...ERRORS,
    },
  };
}

const PREFLIGHT: Json = {
  summary: 'CORS preflight (no key needed)',
  security: [],
  responses: {
    '204': {
      description: 'Allowed.',
      headers: {
        'Access-Control-Allow-Origin': header('*'),
        'Access-Control-Allow-Methods': header('GET, HEAD, OPTIONS'),
        'Access-Control-Allow-Headers': header('Authorization, Content-Type, If-None-Match'),
        'Access-Control-Max-Age': header('600', { type: 'integer' }),
      },
    },
  },
};

export function buildOpenApiDocument(): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Content Read API',
      version: 'v1',
      summary: 'Read-only access to the public blogs and articles a key is scoped to.',
      description:
        'Generated by @content-read/core from the zod schemas it validates responses with. Objects allow unknown fields.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: 'https://{host}', variables: { host: { default: 'cms.example.com' } } }],
    paths: {
      '/api/v1': {
        get: {
          summary: 'Discovery: verifies connectivity and lists the resources',
          security: [],
          responses: {
            '200': {
              description: 'The discovery document.',
              headers: CORS_HEADERS,
              content: { 'application/json': { schema: ref('Discovery') } },
            },
            ...ERRORS,
          },
        },
        options: PREFLIGHT,
      },
      '/api/v1/blogs': {
        get: listOperation('The public blogs in the key’s scope', 'BlogList', []),
        options: PREFLIGHT,
      },
      '/api/v1/articles': {
        get: listOperation('The public articles of the blogs in the key’s scope', 'ArticleList', [
          {
            name: 'format',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['json'], default: 'json' },
          },
          {
            name: 'blog',
            in: 'query',
            required: false,
            description: 'A blog id or slug: only that blog’s articles.',
            schema: { type: 'string' },
          },
        ]),
        options: PREFLIGHT,
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <key>' },
      },
      schemas: componentSchemas(),
    },
  };
}
