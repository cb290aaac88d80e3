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
  childrenOf(d.blogs, 'blogs', 'workspace_id', workspaces, 'workspace', issues);
  childrenOf(d.articles, 'articles', 'blog_id', blogs, 'blog', issues);
  return issues;
}

/** Each record's parent exists, and its slug is unique within that parent (blogs, articles). */
function childrenOf<K extends string>(
  records: readonly ({ slug: string } & Record<K, string>)[],
  list: string,
  parentField: K,
  parents: { has(id: string): boolean },
  parentNoun: string,
  issues: DatasetIssue[],
): void {
  const slugs = new Set<string>();
  records.forEach((record, i) => {
    const parent = record[parentField];
    if (!parents.has(parent))
      issues.push({
        path: `${list}[${i}].${parentField}`,
        problem: `no ${parentNoun} with id "${parent}"`,
      });
    const slugKey = `${parent}\u0000${record.slug}`;
    if (slugs.has(slugKey))
      issues.push({
        path: `${list}[${i}].slug`,
        problem: `slug "${record.slug}" is already used in ${parentNoun} "${parent}"`,
      });
    slugs.add(slugKey);
  });
}
