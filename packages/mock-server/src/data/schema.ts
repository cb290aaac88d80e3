import { B64TOKEN } from '@content-read/core/internal';
import { z } from 'zod';

// The dataset format: what a JSON dataset file holds. Field names follow the wire's snake_case so a
// dataset reads like the API's own output plus the server-side facts (public flags, keys, teams).

// The wire's timestamps are RFC 3339 in UTC (`Z`), so the dataset's are too.
const rfc3339 = z.iso.datetime();
const id = z.string().min(1);

export const workspaceRecordSchema = z.object({ id, name: z.string() });

export const teamRecordSchema = z.object({ id, workspace_id: id, name: z.string() });

export const keyRecordSchema = z
  .object({
    id,
    team_id: id,
    name: z.string().optional(),
    description: z.string().optional(),
    /** The key in clear, for demo datasets; the server hashes it on load and forgets it. */
    key: z
      .string()
      .regex(B64TOKEN, 'must be a b64token (A-Z a-z 0-9 - . _ ~ + / then =*)')
      .optional(),
    /** The SHA-256 of the key, lowercase hex, for datasets that must not hold the key itself. */
    key_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits')
      .optional(),
    blog_access_scope: z.array(id).default([]),
    revoked: z.boolean().default(false),
  })
  .refine((k) => (k.key === undefined) !== (k.key_sha256 === undefined), {
    message: 'give exactly one of "key" or "key_sha256"',
  });

export const blogRecordSchema = z
  .object({
    id,
    workspace_id: id,
    slug: z.string().min(1),
    name: z.string(),
    description: z.string().nullable(),
    url: z.string().nullable(),
    language: z.string().nullable(),
    public: z.boolean(),
    created_at: rfc3339,
    updated_at: rfc3339,
  })
  .loose();

// Stricter than core's wire schemas on purpose: those tolerate a server leaving a nullable field
// out, while a dataset must hold every field the mock serves, as the contract requires.
export const authorSchema = z.object({ name: z.string(), slug: z.string() });

export const featureImageSchema = z.object({
  url: z.string(),
  alt: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const articleRecordSchema = z
  .object({
    id,
    blog_id: id,
    slug: z.string().min(1),
    title: z.string(),
    excerpt: z.string().nullable(),
    html: z.string(),
    authors: z.array(authorSchema),
    tags: z.array(z.string()),
    feature_image: featureImageSchema.nullable(),
    canonical_url: z.string().nullable(),
    reading_time: z.number().int().nonnegative(),
    published_at: rfc3339,
    updated_at: rfc3339,
    public: z.boolean(),
  })
  .loose();

export const datasetSchema = z.object({
  workspaces: z.array(workspaceRecordSchema),
  teams: z.array(teamRecordSchema),
  keys: z.array(keyRecordSchema),
  blogs: z.array(blogRecordSchema),
  articles: z.array(articleRecordSchema),
});

export type WorkspaceRecord = z.infer<typeof workspaceRecordSchema>;
export type TeamRecord = z.infer<typeof teamRecordSchema>;
export type KeyRecord = z.input<typeof keyRecordSchema>;
export type BlogRecord = z.infer<typeof blogRecordSchema>;
export type ArticleRecord = z.infer<typeof articleRecordSchema>;
export type Author = z.infer<typeof authorSchema>;
export type FeatureImage = z.infer<typeof featureImageSchema>;
/** A dataset as written in a file or built in code (key defaults may be left out). */
export type Dataset = z.input<typeof datasetSchema>;
/** A validated dataset, defaults filled in. */
export type ValidDataset = z.infer<typeof datasetSchema>;
