/**
 * The wire: zod 4 schemas of the API's JSON (docs/api-v1.md §4, §5, §7), the one description
 * every package validates against. Strict on what a value must be (RFC 3339 timestamps with an
 * offset, non-empty ids and slugs, whole non-negative reading times); tolerant in what it
 * accepts around it: objects are `.loose()` (unknown fields are kept, never rejected), and a
 * nullable field or a list the server leaves out reads as `null` or `[]`. Field names are the
 * wire's snake_case. Exported so callers can `.extend()` them.
 */
import { z } from 'zod';

/** The page size the API uses when `per_page` is not given. */
export const DEFAULT_PER_PAGE = 100;

/** The largest `per_page` the API accepts. */
export const MAX_PER_PAGE = 500;

/** RFC 6750's b64token: the alphabet of an API key (and of any Bearer credential). */
export const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * An RFC 3339 timestamp. `Date.parse` would also take `2024/01/02` or `Jan 2 2024`, and read
 * `2024-01-02 10:00:00` in the reading machine's time zone: an offset (`Z`, `+02:00`) is required.
 */
export const timestampSchema = z.iso.datetime({ offset: true, error: 'not an RFC 3339 date' });
const id = z.string().min(1);
/** A nullable field: `null` when the server leaves it out. */
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

export const discoverySchema = z
  .object({
    name: z.string(),
    version: z.string(),
    resources: z.array(
      z
        .object({
          name: z.string(),
          href: z.string(),
          auth: z.string().optional(),
          formats: z.array(z.string()).optional(),
        })
        .loose(),
    ),
  })
  .loose();
export type Discovery = z.infer<typeof discoverySchema>;

export const blogSchema = z
  .object({
    id,
    slug: id,
    name: z.string(),
    description: nullable(z.string()),
    url: nullable(z.string()),
    language: nullable(z.string()),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .loose();
export type Blog = z.infer<typeof blogSchema>;

export const authorSchema = z.object({ name: z.string(), slug: z.string() }).loose();
export type Author = z.infer<typeof authorSchema>;

export const featureImageSchema = z
  .object({
    url: z.string(),
    alt: nullable(z.string()),
    width: nullable(z.number().int()),
    height: nullable(z.number().int()),
  })
  .loose();
export type FeatureImage = z.infer<typeof featureImageSchema>;

export const articleSchema = z
  .object({
    id,
    blog_id: id,
    slug: id,
    title: z.string(),
    excerpt: nullable(z.string()),
    html: z.string(),
    authors: z.array(authorSchema).default([]),
    tags: z.array(z.string()).default([]),
    feature_image: nullable(featureImageSchema),
    canonical_url: nullable(z.string()),
    reading_time: z.number().int().nonnegative(),
    published_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .loose();
export type Article = z.infer<typeof articleSchema>;

export const listMetaSchema = z
  .object({
    page: z.number().int().min(1),
    per_page: z.number().int().min(1),
    total: z.number().int().min(0),
    total_pages: z.number().int().min(0),
  })
  .loose();
export type ListMeta = z.infer<typeof listMetaSchema>;

/** The full list envelope `{ data, meta }` for a given item schema. */
export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema }).loose();
}

export const errorBodySchema = z
  .object({
    error: z
      .object({
        status: z.number().int().optional(),
        code: z.string(),
        message: z.string().optional(),
      })
      .loose(),
  })
  .loose();
export type ErrorBody = z.infer<typeof errorBodySchema>;
