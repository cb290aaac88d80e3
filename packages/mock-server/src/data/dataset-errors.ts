/** One problem in a dataset, located by its path inside the JSON document, e.g. `articles[3].blog_id`. */
export interface DatasetIssue {
  path: string;
  problem: string;
}

/** A dataset was refused. The message lists every problem with its path, and where the data came from. */
export class DatasetError extends Error {
  override name = 'DatasetError';
  readonly issues: DatasetIssue[];
  readonly source: string;

  constructor(source: string, issues: DatasetIssue[]) {
    const shown = issues.slice(0, 20).map((i) => `  ${i.path}: ${i.problem}`);
    if (issues.length > shown.length) shown.push(`  … and ${issues.length - shown.length} more`);
    super(
      `Invalid dataset (${source}): ${issues.length} problem${issues.length === 1 ? '' : 's'}\n${shown.join('\n')}\n` +
        'Fix these entries in the dataset (see "Dataset format" on the mock server page of the docs).',
    );
    this.issues = issues;
    this.source = source;
  }
}

/** `['articles', 3, 'blog_id']` → `articles[3].blog_id`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? '(root)' : out;
}
