import { DatasetError, type DatasetIssue, formatPath } from './dataset-errors.js';
import { type Dataset, datasetSchema, type ValidDataset } from './schema.js';

/**
 * Validate a dataset: shape (zod) first, then the references between records and the uniqueness
 * rules the API relies on. Throws a DatasetError naming each problem's path inside the document.
 */
export function validateDataset(input: unknown, source = 'dataset'): ValidDataset {
  const parsed = datasetSchema.safeParse(input);
  if (!parsed.success) {
    throw new DatasetError(
      source,
      parsed.error.issues.map((i) => ({ path: formatPath(i.path), problem: i.message })),
    );
  }
  const issues = checkReferences(parsed.data);
  if (issues.length > 0) throw new DatasetError(source, issues);
  return parsed.data;
}

function checkReferences(d: ValidDataset): DatasetIssue[] {
  const issues: DatasetIssue[] = [];
  const unique = (kind: keyof Dataset, values: { id: string }[]) => {
    const seen = new Map<string, number>();
    values.forEach((v, i) => {
      const first = seen.get(v.id);
      if (first !== undefined)
        issues.push({
          path: `${kind}[${i}].id`,
          problem: `duplicate id "${v.id}" (first at ${kind}[${first}])`,
        });
      else seen.set(v.id, i);
    });
    return seen;
  };
  const workspaces = unique('workspaces', d.workspaces);
  const teams = unique('teams', d.teams);
  unique('keys', d.keys);
  const blogs = unique('blogs', d.blogs);
  unique('articles', d.articles);

  d.teams.forEach((t, i) => {
    if (!workspaces.has(t.workspace_id))
      issues.push({
        path: `teams[${i}].workspace_id`,
        problem: `no workspace with id "${t.workspace_id}"`,
      });
  });
  const hashes = new Set<string>();
  d.keys.forEach((k, i) => {
    if (!teams.has(k.team_id))
      issues.push({ path: `keys[${i}].team_id`, problem: `no team with id "${k.team_id}"` });
    const secret = k.key ?? k.key_sha256 ?? '';
    if (hashes.has(secret))
      issues.push({ path: `keys[${i}]`, problem: 'the same key is given twice' });
    hashes.add(secret);
  });
  const blogSlugs = new Set<string>();
  d.blogs.forEach((b, i) => {
    if (!workspaces.has(b.workspace_id))
      issues.push({
        path: `blogs[${i}].workspace_id`,
        problem: `no workspace with id "${b.workspace_id}"`,
      });
    const slugKey = `${b.workspace_id}\u0000${b.slug}`;
    if (blogSlugs.has(slugKey))
      issues.push({
        path: `blogs[${i}].slug`,
        problem: `slug "${b.slug}" is already used in workspace "${b.workspace_id}"`,
      });
    blogSlugs.add(slugKey);
  });
  const articleSlugs = new Set<string>();
  d.articles.forEach((a, i) => {
    if (!blogs.has(a.blog_id))
      issues.push({ path: `articles[${i}].blog_id`, problem: `no blog with id "${a.blog_id}"` });
    const slugKey = `${a.blog_id}\u0000${a.slug}`;
    if (articleSlugs.has(slugKey))
      issues.push({
        path: `articles[${i}].slug`,
        problem: `slug "${a.slug}" is already used in blog "${a.blog_id}"`,
      });
    articleSlugs.add(slugKey);
  });
  return issues;
}
