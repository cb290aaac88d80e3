import {
  B64TOKEN,
  contractArticleSchema,
  type contractAuthorSchema,
  contractBlogSchema,
  type contractFeatureImageSchema,
} from '@content-read/core/internal';
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

// A blog and an article are the contract's (core's, every field present: core's wire schemas
// tolerate a server leaving a nullable field out, a dataset must hold all that the mock serves),
// with UTC timestamps and the server-side facts: the workspace and the public flag.
const { id: blogId, ...blogFields } = contractBlogSchema.shape;
export const blogRecordSchema = z
  .object({
    id: blogId,
    workspace_id: id, // second, where the mock serves it
    ...blogFields,
    created_at: rfc3339,
    updated_at: rfc3339,
    public: z.boolean(),
  })
  .loose();

export const articleRecordSchema = z
  .object({
    ...contractArticleSchema.shape,
    published_at: rfc3339,
    updated_at: rfc3339,
    public: z.boolean(),
  })
  .loose();

/**
 * Validates a dataset's shape, field by field (workspaces, teams, keys, blogs, articles); its
 * input type is `Dataset`, its output `ValidDataset`. `validateDataset()` also checks references.
 */
export const datasetSchema = z.object({
  workspaces: z.array(workspaceRecordSchema),
  teams: z.array(teamRecordSchema),
  keys: z.array(keyRecordSchema),
  blogs: z.array(blogRecordSchema),
  articles: z.array(articleRecordSchema),
});

/** A workspace in a dataset: the owner of teams and blogs. */
export type WorkspaceRecord = z.infer<typeof workspaceRecordSchema>;
/** A team in a dataset: it belongs to one workspace, and its keys read that workspace's blogs. */
export type TeamRecord = z.infer<typeof teamRecordSchema>;
/**
 * An API key in a dataset: its team, the key in clear or its SHA-256 (exactly one), the blogs
 * it may read (`[]` or left out: every public blog of its workspace) and whether it is revoked.
 */
export type KeyRecord = z.input<typeof keyRecordSchema>;
/**
 * A blog in a dataset: the API's blog, every field present, with its workspace and whether it
 * is `public` (only public blogs are served).
 */
export type BlogRecord = z.infer<typeof blogRecordSchema>;
/**
 * An article in a dataset: the API's article, every field present, and whether it is `public`
 * (only public articles are served).
 */
export type ArticleRecord = z.infer<typeof articleRecordSchema>;
/** An article record's author: a display name and a slug. */
export type Author = z.infer<typeof contractAuthorSchema>;
/** An article record's feature image: its URL, and its alt text, width and height or `null`. */
export type FeatureImage = z.infer<typeof contractFeatureImageSchema>;
/** A dataset as written in a file or built in code (key defaults may be left out). */
export type Dataset = z.input<typeof datasetSchema>;
/** A validated dataset, defaults filled in. */
export type ValidDataset = z.infer<typeof datasetSchema>;
