import { z } from 'astro/zod';
import { toEntryId } from './ids.js';

/**
 * What the loaders need from the API's objects (docs/api-v1.md §5), checked item by
 * item so one bad article can be named (id and field) and, if asked, skipped.
 * Unknown fields are ignored; missing optional-ish fields take the API's empty values.
 */
const timestamp = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not an RFC 3339 date');

export const wireBlogSchema = z.object({
  id: z.string().min(1),
  slug: z.string().min(1),
  name: z.string(),
  description: z.string().nullish(),
  url: z.string().nullish(),
  language: z.string().nullish(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const wireArticleSchema = z.object({
  id: z.string().min(1),
  blog_id: z.string().min(1),
  slug: z.string().min(1),
  title: z.string(),
  excerpt: z.string().nullish(),
  html: z.string(),
  authors: z.array(z.object({ name: z.string(), slug: z.string() })).default([]),
  tags: z.array(z.string()).default([]),
  feature_image: z
    .object({
      url: z.string(),
      alt: z.string().nullish(),
      width: z.number().int().nullish(),
      height: z.number().int().nullish(),
    })
    .nullish(),
  canonical_url: z.string().nullish(),
  reading_time: z.number().int().nonnegative(),
  published_at: timestamp,
  updated_at: timestamp,
});

export type WireBlog = z.infer<typeof wireBlogSchema>;
export type WireArticle = z.infer<typeof wireArticleSchema>;

/** One problem with one item, in the API's field names. */
export interface ItemProblem {
  id: string;
  field: string;
  problem: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: ItemProblem };

export function checkItem<T>(schema: z.ZodType<T>, raw: unknown): Checked<T> {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const id = (raw as { id?: unknown } | null)?.id;
  return {
    ok: false,
    problem: {
      id: typeof id === 'string' || typeof id === 'number' ? String(id) : '(no id)',
      field: issue?.path.length ? issue.path.join('.') : '(item)',
      problem: issue?.message ?? 'invalid',
    },
  };
}

/** Entry data for a blog; dates stay strings here and become `Date`s in the schema. */
export function blogData(blog: WireBlog) {
  return {
    blogId: blog.id,
    slug: blog.slug,
    name: blog.name,
    description: blog.description ?? null,
    url: blog.url ?? null,
    language: blog.language ?? null,
    createdAt: blog.created_at,
    updatedAt: blog.updated_at,
  };
}

/** Entry data for an article; `blog` is the blogs collection's entry id (resolved by the schema). */
export function articleData(
  article: WireArticle,
  blogEntryId: (apiId: string) => string = toEntryId,
) {
  const image = article.feature_image;
  return {
    articleId: article.id,
    blog: blogEntryId(article.blog_id),
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt ?? null,
    authors: article.authors.map(({ name, slug }) => ({ name, slug })),
    tags: article.tags,
    featureImage: image
      ? {
          url: image.url,
          alt: image.alt ?? null,
          width: image.width ?? null,
          height: image.height ?? null,
        }
      : null,
    canonicalUrl: article.canonical_url ?? null,
    readingTime: article.reading_time,
    publishedAt: article.published_at,
    updatedAt: article.updated_at,
  };
}
