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
/** Validates an author in an article entry's `authors`: `name` and `slug`. */
export const authorEntrySchema = contractAuthorSchema;
/** Validates an article entry's `featureImage`: `url`, and `alt`, `width`, `height` or `null`. */
export const featureImageEntrySchema = contractFeatureImageSchema;

/**
 * Validates one player in an article entry's `embeds`: its provider, the item's id there, and
 * the player's URL.
 */
export const embedEntrySchema = z.object({ provider: z.string(), id: z.string(), url: z.string() });

/**
 * Validates a blog entry's data (camelCase fields, `Date`s); its inferred type is `BlogData`.
 * `.extend()` it in a blogs collection's own `schema`.
 */
export const blogEntrySchema = z.object({
  /** The API's id of the blog (the entry id is derived from it: see "Ids" in the entry data reference). */
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

/**
 * Validates an article entry's data, its `blog` referring to the collection `blogs`; its inferred
 * type is `ArticleData`. For another collection name, use `createArticleEntrySchema()`.
 */
export const articleEntrySchema = createArticleEntrySchema('blogs');

/**
 * A blog entry's `data`: the API's blog with camelCase fields and `Date`s, and its API id in
 * `blogId`.
 */
export type BlogData = z.infer<typeof blogEntrySchema>;
/**
 * An article entry's `data`: the API's article with camelCase fields and `Date`s, `blog` as a
 * reference to an entry of collection `C`, and the players its body embeds.
 */
export type ArticleData<C extends string = 'blogs'> = z.infer<
  ReturnType<typeof createArticleEntrySchema<C>>
>;
