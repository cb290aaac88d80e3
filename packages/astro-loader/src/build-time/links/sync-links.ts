/**
 * The link step at sync time (body/links/). Once every page of the listing is in hand, the
 * bodies made by this sync are linked, and each entry kept from the last sync whose links now
 * point elsewhere (a target's slug or blog changed, it was published or removed) is linked again
 * from what it recorded: no body is rendered again. Broken links are reported once per article,
 * then in a summary; with `brokenLinks: 'fail'` the sync fails, the store untouched.
 */
import type { LoaderContext } from 'astro/loaders';
import {
  type BrokenLink,
  type BrokenLinks,
  linkBody,
  recordedLinks,
  recordLinks,
} from '../../body/links/link-step.js';
import {
  type ArticleUrl,
  BROKEN_LINK_REASONS,
  type LinkArticle,
  type LinkBlog,
  LinkTargets,
} from '../../body/links/link-targets.js';
import { ContentReadLoaderError } from '../../shared/errors.js';
import { itemDigest, linkedDigest } from '../sync/page-entries.js';
import type { DataEntry } from '../sync/sync-spec.js';

/** What the articles loader knows for the link step. */
export interface SyncLinks {
  articleUrl: ArticleUrl;
  brokenLinks: BrokenLinks;
  /** Every blog the key reads, by its entry id. */
  blogs: readonly LinkBlog[];
  /** The entry ids of the blogs the loader keeps (its `blogs` option); default every blog. */
  inScope?: ReadonlySet<string> | undefined;
  /** Articles of the listing the loader left out (`filter`). */
  filteredOut: readonly LinkArticle[];
}

/**
 * The meta store's keys: what the last link step took for links into the workspace (its hosts
 * and the shapes of its articles' addresses), where its links led, what was broken.
 */
const REACH = 'links-reach';
const INDEX = 'links-index';
const BROKEN = 'links-broken';

interface ArticleEntryData {
  articleId: string;
  slug: string;
  blog: { id: string };
  canonicalUrl: string | null;
}

/**
 * The entries to store: each of `made`, linked; each kept entry whose links now hold otherwise,
 * linked again. `kept`: every entry id the collection keeps, made or unchanged.
 */
export function linkEntries(
  ctx: LoaderContext,
  links: SyncLinks,
  made: readonly DataEntry[],
  kept: ReadonlySet<string>,
): DataEntry[] {
  const { collection, store, logger } = ctx;
  const fresh = new Map(made.map((entry) => [entry.id, entry]));
  const entries = [...kept].flatMap((id) => {
    const entry = fresh.get(id) ?? store.get(id);
    return entry ? [entry] : [];
  });
  const published = entries.map(articleOf);
  const targets = new LinkTargets({
    published,
    blogs: links.blogs,
    inScope: links.inScope,
    filteredOut: links.filteredOut,
    articleUrl: links.articleUrl,
  });
  // Links that led outside what the workspace reached (another host, or no article's shape) were
  // not recorded: when it reaches further, read every body again.
  const reach = ctx.generateDigest(JSON.stringify(targets.reach));
  const rescan = ctx.meta.get(REACH) !== reach;
  // Where every link leads, as one digest: when it is the last sync's, no kept body's links
  // moved, and only the bodies made now are linked (their broken links added to those held).
  const index = ctx.generateDigest(
    JSON.stringify([
      links.brokenLinks,
      links.blogs,
      [...(links.inScope ?? [])],
      links.filteredOut,
      published.map((article) => [article, targets.routeOf(article.id)]),
    ]),
  );
  const same = !rescan && ctx.meta.get(INDEX) === index;
  const held = same ? heldBroken(ctx) : new Map<string, BrokenLink[]>();
  const toStore: DataEntry[] = [];
  const broken: Array<{ id: string; links: BrokenLink[] }> = [];
  for (const entry of entries) {
    const isFresh = fresh.has(entry.id);
    if (!isFresh && same) {
      const known = held.get(entry.id);
      if (known)
        broken.push({ id: (entry.data as unknown as ArticleEntryData).articleId, links: known });
      continue;
    }
    const html = entry.rendered?.html;
    const stored = entry.rendered?.metadata?.links;
    const recorded = recordedLinks(stored);
    if (html === undefined || (!isFresh && !rescan && recorded.length === 0)) {
      if (isFresh) toStore.push(entry);
      continue;
    }
    const linked = isFresh
      ? linkBody(html, targets, links.brokenLinks)
      : linkBody(html, targets, links.brokenLinks, recorded, rescan);
    const data = entry.data as unknown as ArticleEntryData;
    if (linked.broken.length) {
      broken.push({ id: data.articleId, links: linked.broken });
      held.set(entry.id, linked.broken);
    } else held.delete(entry.id);
    const record = linked.links.length ? recordLinks(linked.links) : undefined;
    // Kept as it is unless its body or its links changed (a rescan may find a link that is
    // broken and kept as written: the same body, one more link to follow).
    if (!isFresh && linked.html === html && record === stored) continue;
    const { links: _, ...metadata } = entry.rendered?.metadata ?? {};
    toStore.push({
      ...entry,
      digest: linked.links.length
        ? linkedDigest(entry.digest, ctx.generateDigest(JSON.stringify(linked.written)))
        : (itemDigest(entry.digest) ?? ''),
      rendered: {
        html: linked.html,
        metadata: record === undefined ? metadata : { ...metadata, links: record },
      },
    });
  }
  report(collection, broken, links.brokenLinks, (line) => logger.warn(line));
  const relinked = toStore.length - made.length;
  if (relinked > 0)
    logger.info(
      relinked === 1
        ? `${collection}: 1 entry linked again, as what it links to moved`
        : `${collection}: ${relinked} entries linked again, as what they link to moved`,
    );
  ctx.meta.set(REACH, reach);
  ctx.meta.set(INDEX, index);
  ctx.meta.set(BROKEN, JSON.stringify([...held].filter(([id]) => kept.has(id))));
  return toStore;
}

/** The broken links of each kept entry, as the last sync found them (by entry id). */
function heldBroken(ctx: LoaderContext): Map<string, BrokenLink[]> {
  try {
    return new Map(JSON.parse(ctx.meta.get(BROKEN) ?? '[]') as Array<[string, BrokenLink[]]>);
  } catch {
    return new Map();
  }
}

function articleOf(entry: DataEntry): LinkArticle {
  const data = entry.data as unknown as ArticleEntryData;
  return { id: entry.id, slug: data.slug, blogId: data.blog.id, canonicalUrl: data.canonicalUrl };
}

/** One warning per article with broken links, and a summary; throws with `'fail'`. */
function report(
  collection: string,
  broken: ReadonlyArray<{ id: string; links: BrokenLink[] }>,
  mode: BrokenLinks,
  warn: (line: string) => void,
): void {
  if (broken.length === 0) return;
  const todo =
    mode === 'unlink'
      ? 'Unlinked, their text kept (brokenLinks: "unlink")'
      : 'Fix them in the CMS, or set brokenLinks: "unlink" to keep only their text';
  for (const { id, links } of broken) {
    const each = links
      .map((link) => `${link.href} (${BROKEN_LINK_REASONS[link.reason]})`)
      .join(', ');
    warn(`${collection}: article ${id} links to no article the site publishes: ${each}. ${todo}.`);
  }
  const count = broken.reduce((sum, article) => sum + article.links.length, 0);
  const summary = `${collection}: ${count} broken link${count === 1 ? '' : 's'} in ${broken.length} article${broken.length === 1 ? '' : 's'}`;
  if (mode === 'fail')
    throw new ContentReadLoaderError(
      collection,
      `Collection "${collection}": ${count} links name no article the site publishes (brokenLinks: "fail"); the warnings above name each. Fix them in the CMS, or set brokenLinks: "keep" or "unlink".`,
    );
  warn(`${summary}.`);
}
