/**
 * zod 4 schemas for the wire format (docs/api-v1.md §4, §5, §7). Objects are `.loose()`:
 * unknown fields are kept, never rejected. Field names are the wire's snake_case.
 * Export them so callers can `.extend()` them.
 */
import { z } from 'zod';

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
    id: z.string().min(1),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    url: z.string().nullable(),
    language: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .loose();
export type Blog = z.infer<typeof blogSchema>;

export const authorSchema = z.object({ name: z.string(), slug: z.string() }).loose();
export type Author = z.infer<typeof authorSchema>;

export const featureImageSchema = z
  .object({
    url: z.string(),
    alt: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .loose();
export type FeatureImage = z.infer<typeof featureImageSchema>;

export const articleSchema = z
  .object({
    id: z.string().min(1),
    blog_id: z.string(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string().nullable(),
    html: z.string(),
    authors: z.array(authorSchema),
    tags: z.array(z.string()),
    feature_image: featureImageSchema.nullable(),
    canonical_url: z.string().nullable(),
    reading_time: z.number().int(),
    published_at: z.string(),
    updated_at: z.string(),
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
