/**
 * The Links check of `content-read doctor --links`: links between articles that name no article
 * the site publishes, found by the site's own `@content-read/astro-loader` (link-finder.ts) with
 * a client of the doctor's (its key, its timeout per request, its limit on requests at once).
 */
import { describe, doctorClient, plural } from './checks.js';
import type { BrokenLinksOptions, BrokenLinksReport } from './link-contract.js';
import { LinkFinderMissing, loadLinkFinder } from './link-finder.js';
import { type CheckResult, type DoctorConfig, result } from './types.js';

const NAME = 'Links';

/** Runs only with a key the API accepted (run.ts skips it otherwise). */
export async function checkLinks(
  url: URL,
  config: DoctorConfig,
  options: BrokenLinksOptions,
): Promise<CheckResult> {
  let find: Awaited<ReturnType<typeof loadLinkFinder>>;
  try {
    find = await loadLinkFinder(config.envDir);
  } catch (problem) {
    if (problem instanceof LinkFinderMissing) return result(NAME, 'fail', problem.message);
    // Installed but broken (a half-finished install): what Node said, in one line.
    return result(NAME, 'fail', 'could not load @content-read/astro-loader/doctor', [
      describe(problem).split('\n')[0] ?? '',
    ]);
  }
  const client = doctorClient(url, config, config.key);
  try {
    return report(await find(client, options), options);
  } catch (problem) {
    return result(NAME, 'fail', 'could not list the links', [describe(problem)]);
  } finally {
    await client.close();
  }
}

function report(found: BrokenLinksReport, options: BrokenLinksOptions): CheckResult {
  const read = `read as articlesLoader(${loaderOptions(options)}) reads them: ${plural(found.articles, 'article')} of ${plural(found.blogs, 'blog')}`;
  const count = found.broken.reduce((sum, article) => sum + article.links.length, 0);
  if (count === 0)
    return result(NAME, 'ok', `no broken link in ${plural(found.articles, 'article')}`, [read]);
  const lines = [read];
  for (const article of found.broken) {
    lines.push(`${article.id} (${article.blog}/${article.slug}):`);
    for (const link of article.links) lines.push(`  ${link.href} (${link.why})`);
  }
  lines.push(
    "Fix them in the CMS; with brokenLinks: 'unlink' the site keeps only their text, with 'fail' its build stops.",
  );
  const articles = `${found.broken.length} of ${plural(found.articles, 'article')}`;
  return result(NAME, 'fail', `${plural(count, 'broken link')} in ${articles}`, lines);
}

/** The loader options the check mirrors, as a site writes them. */
function loaderOptions(options: BrokenLinksOptions): string {
  const written = [
    options.relativeTo !== undefined && `relativeTo: ${JSON.stringify(options.relativeTo)}`,
    options.blogs && `blogs: ${JSON.stringify(options.blogs)}`,
  ].filter(Boolean);
  return written.length ? `{ articleUrl, ${written.join(', ')} }` : '{ articleUrl }';
}
