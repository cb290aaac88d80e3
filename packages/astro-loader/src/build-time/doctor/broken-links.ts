/**
 * The broken links `content-read doctor --links` lists, found by the loader's own code: the
 * articles a sync would read (../loaders/article-listings.ts), each body through the pipeline
 * (body/pipeline.ts, with `relativeTo`), then the link step against the same index a sync
 * builds (LinkTargets). Each page's bodies are rendered as the page arrives and only those with
 * a link are kept, so a large workspace is never held whole.
 */
import type { Article, ContentReadClient } from '@content-read/core';
import type {
  BrokenLinksOptions,
  BrokenLinksReport,
  FoundBrokenLink,
} from '@content-read/core/internal/node';
import { linkArticleOf, linkBlogOf } from '../../body/links/api-targets.js';
import { linkBody } from '../../body/links/link-step.js';
import {
  type ArticleUrl,
  BROKEN_LINK_REASONS,
  type LinkArticle,
  LinkTargets,
} from '../../body/links/link-targets.js';
import { renderBody } from '../../body/pipeline.js';
import { resolveAllowedBlogs } from '../../shared/blog-names.js';
import { toEntryId } from '../../shared/entries/entry-ids.js';
import { articleListings, readBlogs } from '../loaders/article-listings.js';

/** A body that holds a link, as the pipeline wrote it. */
interface LinkedArticle {
  article: LinkArticle;
  apiId: string;
  blogSlug: string;
  html: string;
}

/**
 * Where an article is on the site only changes where a link that works points, never whether
 * a link is broken: any route will do.
 */
const anyRoute: ArticleUrl = (article) => `/${article.blog.slug}/${article.slug}/`;

/**
 * Lists the links between articles that name no article the site publishes, as a sync of
 * `articlesLoader({ articleUrl, relativeTo, blogs })` reports them: what `content-read doctor
 * --links` runs, with the doctor's client. Node only.
 */
export async function findBrokenLinks(
  client: Pick<ContentReadClient, 'list'>,
  options: BrokenLinksOptions = {},
): Promise<BrokenLinksReport> {
  const blogs = await readBlogs(client);
  const allowed = options.blogs && resolveAllowedBlogs(blogs, options.blogs);
  const [unknown] = allowed?.unknown ?? [];
  if (unknown !== undefined) {
    const some = blogs.slice(0, 10).map((blog) => blog.slug);
    const named = some.length
      ? `name one of ${some.join(', ')}${blogs.length > 10 ? ', …' : ''}`
      : 'it reads none';
    throw new Error(
      `--blogs names "${unknown.slice(0, 80)}", which matches no blog this key reads (by id or slug): ${named}.`,
    );
  }
  const blogUrls = new Map(blogs.map((blog) => [blog.id, blog.url]));
  const slugs = new Map(blogs.map((blog) => [blog.id, blog.slug]));
  const listings = await articleListings(client, allowed?.ids, {
    onPage: async (page) => {
      const items = page.notModified ? [] : page.items;
      const read = items.map((article) => linkArticleOf(article));
      const linked: LinkedArticle[] = [];
      await Promise.all(
        items.map(async (article, i) => {
          const html = await sanitised(article, options.relativeTo, blogUrls);
          // Only a body with an anchor can hold a broken link: the others are let go at once.
          const known = read[i];
          if (known && /<a\s/.test(html)) {
            const blogSlug = slugs.get(article.blog_id) ?? article.blog_id;
            linked[i] = { article: known, apiId: article.id, blogSlug, html };
          }
        }),
      );
      return { read, linked: linked.filter(Boolean) };
    },
  });
  const pages = listings.flatMap((listing) => listing.pages);
  const targets = new LinkTargets({
    published: pages.flatMap((page) => page.read),
    blogs: blogs.map((blog) => linkBlogOf(blog)),
    inScope: allowed && new Set([...allowed.ids].map(toEntryId)),
    articleUrl: anyRoute,
  });
  const broken = pages
    .flatMap((page) => page.linked)
    .flatMap((body) => {
      const links = linkBody(body.html, targets, 'keep').broken.map(
        ({ href, reason }): FoundBrokenLink => ({ href, reason, why: BROKEN_LINK_REASONS[reason] }),
      );
      return links.length
        ? [{ id: body.apiId, blog: body.blogSlug, slug: body.article.slug, links }]
        : [];
    });
  return {
    blogs: allowed ? allowed.blogs.length : blogs.length,
    articles: pages.reduce((sum, page) => sum + page.read.length, 0),
    broken,
  };
}

/** The body as an entry stores it before the link step: the loader's pipeline, its defaults. */
async function sanitised(
  article: Article,
  relativeTo: string | undefined,
  blogUrls: ReadonlyMap<string, string | null>,
): Promise<string> {
  const body = await renderBody(
    { article, where: `article ${article.id}`, blogUrl: (blog) => blogUrls.get(blog) },
    // Warnings (a relative URL with no base) are the sync's to give; links are what is asked.
    { owner: 'content-read doctor --links', options: { relativeTo }, sanitise: {}, warn: () => {} },
  );
  return body.html;
}
