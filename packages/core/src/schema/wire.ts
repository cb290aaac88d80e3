/**
 * The wire: zod 4 schemas of the API's JSON (the API contract §4, §5, §7), the one description
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

/** The fields of an object with `null` read where a nullable one is left out. */
type Tolerant<S extends z.ZodRawShape> = {
  [K in keyof S]: S[K] extends z.ZodNullable<infer T extends z.core.SomeType>
    ? z.ZodDefault<z.ZodNullable<T>>
    : S[K];
};

/**
 * The wire's reading of an object with these fields: unknown fields are kept, and a nullable
 * field the server leaves out reads as `null`.
 */
function wireObject<S extends z.ZodRawShape>(shape: S): z.ZodObject<Tolerant<S>, z.core.$loose> {
  const fields = Object.entries(shape).map(([name, field]) => [
    name,
    field instanceof z.ZodNullable ? field.default(null) : field,
  ]);
  return z.object(Object.fromEntries(fields)).loose() as z.ZodObject<Tolerant<S>, z.core.$loose>;
}

/**
 * Validates the discovery document that `GET {baseUrl}` returns (the API's name, version and
 * resources); its inferred type is `Discovery`.
 */
export const discoverySchema = wireObject({
  name: z.string(),
  version: z.string(),
  resources: z.array(
    wireObject({
      name: z.string(),
      href: z.string(),
      auth: z.string().optional(),
      formats: z.array(z.string()).optional(),
    }),
  ),
});
/**
 * The discovery document, what `discover()` returns: the API's name and version and the
 * resources it offers (each with its `href`).
 */
export type Discovery = z.infer<typeof discoverySchema>;

/*
 * The objects as the contract states them (the API contract §5): every field present, `null` where
 * there is none. The mock's dataset records build on them and the loader's entries hold the
 * author and feature image as they are; the wire schemas below read the same fields tolerantly.
 */
export const contractBlogSchema = z.object({
  id,
  slug: id,
  name: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  language: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export const contractAuthorSchema = z.object({ name: z.string(), slug: z.string() });
export const contractFeatureImageSchema = z.object({
  url: z.string(),
  alt: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export const contractArticleSchema = z.object({
  id,
  blog_id: id,
  slug: id,
  title: z.string(),
  excerpt: z.string().nullable(),
  html: z.string(),
  authors: z.array(contractAuthorSchema),
  tags: z.array(z.string()),
  feature_image: contractFeatureImageSchema.nullable(),
  canonical_url: z.string().nullable(),
  reading_time: z.number().int().nonnegative(),
  published_at: timestampSchema,
  updated_at: timestampSchema,
});

/** Validates a blog as the API sends it; its inferred type is `Blog`. */
export const blogSchema = wireObject(contractBlogSchema.shape);
/** A blog as the API sends it (an item of `listBlogs()`), in the wire's snake_case. */
export type Blog = z.infer<typeof blogSchema>;

/** Validates an article's author (`name` and `slug`); its inferred type is `Author`. */
export const authorSchema = wireObject(contractAuthorSchema.shape);
/** An article's author: a display name and a slug. */
export type Author = z.infer<typeof authorSchema>;

/** Validates an article's feature image; its inferred type is `FeatureImage`. */
export const featureImageSchema = wireObject(contractFeatureImageSchema.shape);
/**
 * An article's feature image: its URL, with its alt text, width and height, or `null` where
 * the API has none.
 */
export type FeatureImage = z.infer<typeof featureImageSchema>;

/**
 * Validates an article as the API sends it (`authors` and `tags` left out read as `[]`); its
 * inferred type is `Article`.
 */
export const articleSchema = wireObject({
  ...contractArticleSchema.shape,
  // Lists left out read as empty; the author and the image are read tolerantly too.
  authors: z.array(authorSchema).default([]),
  tags: z.array(z.string()).default([]),
  feature_image: featureImageSchema.nullable(),
});
/**
 * An article as the API sends it (an item of `listArticles()`): its rendered `html`, authors,
 * tags, feature image and timestamps, with the wire's snake_case field names.
 */
export type Article = z.infer<typeof articleSchema>;

/**
 * Validates a list response's `meta` (page, per_page, total, total_pages); its inferred type is
 * `ListMeta`.
 */
export const listMetaSchema = wireObject({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
  total_pages: z.number().int().min(0),
});
/** A list response's paging facts: this page's number and size, and the total items and pages. */
export type ListMeta = z.infer<typeof listMetaSchema>;

/** The full list envelope `{ data, meta }` for a given item schema. */
export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return wireObject({ data: z.array(item), meta: listMetaSchema });
}

/**
 * Validates the API's error body, `{ error: { code, status?, message? } }`; its inferred type is
 * `ErrorBody`.
 */
export const errorBodySchema = wireObject({
  error: wireObject({
    status: z.number().int().optional(),
    code: z.string(),
    message: z.string().optional(),
  }),
});
/**
 * An error response's body: the error's `code`, and its status and message when the API gives
 * them.
 */
export type ErrorBody = z.infer<typeof errorBodySchema>;
