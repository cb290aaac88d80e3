import { contractAuthorSchema, contractFeatureImageSchema } from '@content-read/core/internal';
import { z } from 'astro/zod';

/**
 * Zod schemas of the entries the loaders put into Astro's data store (the API's objects are
 * core's wire schemas). Field names are camelCase (Astro style); dates are `Date`s. They are
 * plain `z.object`s so a site can `.extend()` them in its own `schema`.
 */

/** A reference to an entry of another collection, as `reference()` from `astro:content` gives. */
export interface EntryReference<C extends string> {
  collection: C;
  id: string;
}

/** Like Astro's `reference(collection)`: accepts an entry id, yields `{ collection, id }`. */
export function entryReference<C extends string>(collection: C) {
  return z.union([
    z.string().transform((id): EntryReference<C> => ({ collection, id })),
    z.object({ collection: z.literal(collection), id: z.string() }),
  ]);
}

// An author's and a feature image's fields are named alike on the wire and in an entry: the
// entries hold the contract's own schemas.
export const authorEntrySchema = contractAuthorSchema;
export const featureImageEntrySchema = contractFeatureImageSchema;

export const embedEntrySchema = z.object({ provider: z.string(), id: z.string(), url: z.string() });

export const blogEntrySchema = z.object({
  /** The API's id of the blog (the entry id is derived from it, see README "Ids"). */
  blogId: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  language: z.string().nullable(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
});

/** The article entry schema, with `blog` referring to the collection named `blogsCollection`. */
export function createArticleEntrySchema<C extends string>(blogsCollection: C) {
  return z.object({
    /** The API's id of the article. */
    articleId: z.string(),
    blog: entryReference(blogsCollection),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string().nullable(),
    authors: z.array(authorEntrySchema),
    tags: z.array(z.string()),
    featureImage: featureImageEntrySchema.nullable(),
    canonicalUrl: z.string().nullable(),
    readingTime: z.number().int().nonnegative(),
    publishedAt: z.coerce.date(),
    updatedAt: z.coerce.date(),
    /** The players the body embeds (provider, item id, player URL), for a site's own components. */
    embeds: z.array(embedEntrySchema).default([]),
  });
}

export const articleEntrySchema = createArticleEntrySchema('blogs');

export type BlogData = z.infer<typeof blogEntrySchema>;
export type ArticleData<C extends string = 'blogs'> = z.infer<
  ReturnType<typeof createArticleEntrySchema<C>>
>;
