import type { Article } from '@content-read/core';
import type { Loader } from 'astro/loaders';
import type { MadeBlock } from '../../body/highlight/core.js';
import {
  createHighlighter,
  highlightSettings,
  threadHighlighting,
} from '../../body/highlight/highlighter.js';
import { placeBlocks, rememberedBlocks } from '../../body/highlight/remembered-blocks.js';
import { createImageSizer, type RemoteImageConfig } from '../../body/images/image-sizes.js';
import { linkArticleOf, linkBlogOf } from '../../body/links/api-targets.js';
import type { LinkArticle, LinkBlog } from '../../body/links/link-targets.js';
import { type BodySteps, renderBody } from '../../body/pipeline.js';
import { allowedBlogs } from '../../shared/blog-names.js';
import { toEntryId } from '../../shared/entries/entry-ids.js';
import { articleData } from '../../shared/entries/mapping.js';
import { createArticleEntrySchema } from '../../shared/entries/schema.js';
import { ContentReadLoaderError } from '../../shared/errors.js';
import { ARTICLES_LOADER_NAME } from '../../shared/version.js';
import { linkEntries } from '../links/sync-links.js';
import { createSanitiser } from '../pool/body-pool.js';
import { HeldItems } from '../sync/held-items.js';
import { syncCollection } from '../sync/sync.js';
import { articleListings, readBlogs } from './article-listings.js';
import type { ArticlesLoaderOptions } from './loader-options.js';

/**
 * Build-time loader of the articles the key can read: sanitised HTML bodies with heading
 * ids, `render(entry)` gives `<Content />` and `headings` as for local Markdown.
 */
export function articlesLoader<const C extends string = 'blogs'>(
  options: ArticlesLoaderOptions & { blogsCollection?: C } = {},
) {
  const blogsCollection = (options.blogsCollection ?? 'blogs') as C;
  const entryId = options.generateId ?? ((article: Article) => toEntryId(article.id));
  const mapping = { blogsCollection, blogEntryId: options.generateBlogId ?? toEntryId };
  const optionFunctions = options.filter ?? options.generateId ?? options.generateBlogId;
  const { articleUrl, brokenLinks = 'keep' } = options;
  return {
    name: ARTICLES_LOADER_NAME,
    schema: createArticleEntrySchema(blogsCollection),
    load: async (ctx) => {
      const last = latestOf(ctx.collection, options.latest);
      // Blogs' own URLs, for `relativeTo: 'blog'`, read with the listings.
      let blogUrls = new Map<string, string | null>();
      // For the link step (links/sync-links.ts): every blog, and the articles `filter` left out.
      let linkBlogs: LinkBlog[] = [];
      let inScope: Set<string> | undefined;
      const filteredOut: LinkArticle[] = [];
      // Code blocks highlighted as the site's Markdown highlights them (off when it is off, and
      // for a context that brings no site config: a loader run outside Astro).
      const highlighting = highlightSettings(ctx.config?.markdown ?? {});
      const highlighter = highlighting.type
        ? createHighlighter(highlighting, ctx.renderMarkdown, (message) => ctx.logger.warn(message))
        : undefined;
      // Authorised images without dimensions get them, measured once (image-sizes.ts).
      const images: RemoteImageConfig | undefined = ctx.config?.image;
      const sizer = createImageSizer(ctx, images, (message) => ctx.logger.warn(message));
      // Bodies are sanitised on worker threads while pages keep arriving (pool/body-pool.ts).
      // Code blocks too, where the site's highlighting can run on a thread (Shiki without
      // transformers); the pipeline highlights the rest on the main thread.
      const blocks = {
        written: 0,
        remembered: 0,
        count(made: readonly MadeBlock[]) {
          this.written += made.length;
          this.remembered += made.filter((block) => block.remembered).length;
        },
      };
      const sanitiser = createSanitiser({
        allowClasses: options.allowClasses,
        embedProviders: options.embedProviders,
        workers: options.sanitiseWorkers,
        warn: (message) => ctx.logger.warn(message),
        ...(highlighter ? { highlighting: threadHighlighting(highlighting) } : {}),
      });
      // The body pipeline (body/pipeline.ts) as the build runs it: steps 2–3 on the pool, the
      // main thread's highlighter for bodies no thread highlighted, sizes from the meta store.
      const steps: BodySteps = {
        owner: `Collection "${ctx.collection}"`,
        options,
        sanitise: { allowClasses: options.allowClasses, embedProviders: options.embedProviders },
        highlighter,
        sizer,
        offThread: sanitiser.render,
        placeBlocks,
        warn: (message) => ctx.logger.warn(message),
      };
      try {
        await syncCollection<Article>(ctx, {
          noun: 'article',
          options,
          describeOptions: {
            blogs: options.blogs,
            blogsCollection,
            filter: options.filter?.toString(),
            // With option functions, each page's items are held to decide 304 pages again.
            heldItems: Boolean(optionFunctions),
            generateId: options.generateId?.toString(),
            generateBlogId: options.generateBlogId?.toString(),
            invalidArticles: options.invalidArticles,
            allowClasses: options.allowClasses,
            embedProviders: options.embedProviders?.map((p) => ({ ...p, match: String(p.match) })),
            relativeTo: options.relativeTo,
            transformHtml: options.transformHtml?.toString(),
            highlighting: highlighting.described,
            // Which images get measured: a change measures (and renders) every body again.
            images: { domains: images?.domains, remotePatterns: images?.remotePatterns },
            latest: options.latest,
            // Linking on or off renders every body again; another route only moves links.
            links: options.articleUrl !== undefined,
          },
          readListings: async (client, read) => {
            const blogs =
              options.blogs || options.relativeTo === 'blog' || options.articleUrl
                ? await readBlogs(client)
                : [];
            blogUrls = new Map(blogs.map((blog) => [blog.id, blog.url]));
            linkBlogs = blogs.map((blog) => linkBlogOf(blog, mapping.blogEntryId));
            const ids = options.blogs ? allowedBlogs(blogs, options.blogs).ids : undefined;
            if (ids) inScope = new Set([...ids].map(mapping.blogEntryId));
            return articleListings(client, ids, { ...read, last });
          },
          keep: (article) => !options.filter || options.filter(article),
          leftOut: (article) =>
            filteredOut.push(linkArticleOf(article, entryId(article), mapping.blogEntryId)),
          entryId,
          derived: (article) => mapping.blogEntryId(article.blog_id),
          heldItems: optionFunctions ? new HeldItems<Article>(ctx.meta) : undefined,
          toEntry: async (article, id, digest) => {
            // The code blocks of the entry this one replaces, used again where they are the same.
            const remembered = highlighter && rememberedBlocks(ctx.store.get(id)?.rendered);
            // Handed to a thread first, so the main thread validates while it is sanitised.
            const rendering = renderBody(
              {
                article,
                where: `${ctx.collection}: article ${article.id}`,
                blogUrl: (blog) => blogUrls.get(blog),
                remembered: remembered || undefined,
              },
              steps,
            );
            // Both awaited together: a failed render is never left as an unhandled rejection.
            const [data, body] = await Promise.all([
              ctx.parseData({ id, data: articleData(article, mapping) }),
              rendering,
            ]);
            blocks.count(body.blocks);
            return {
              id,
              digest,
              data: { ...data, embeds: body.embeds },
              rendered: { html: body.html, metadata: body.metadata },
            };
          },
          ...(articleUrl && {
            finish: (made, kept) =>
              linkEntries(
                ctx,
                { articleUrl, brokenLinks, blogs: linkBlogs, inScope, filteredOut },
                made,
                kept,
              ),
          }),
        });
      } finally {
        await sanitiser.close();
        if (sanitiser.threaded > 0)
          ctx.logger.info(
            `${ctx.collection}: ${sanitiser.threaded} article bodies sanitised on worker threads`,
          );
        if (blocks.written > 0)
          ctx.logger.info(
            `${ctx.collection}: ${blocks.written} code blocks highlighted, ${blocks.remembered} of them taken from the entries they replaced`,
          );
      }
    },
  } satisfies Loader;
}

/** The `latest` option, checked: a whole number above 0, or undefined (every article). */
function latestOf(collection: string, latest: number | undefined): number | undefined {
  if (latest === undefined || (Number.isSafeInteger(latest) && latest > 0)) return latest;
  throw new ContentReadLoaderError(
    collection,
    `Collection "${collection}": latest must be a whole number ≥ 1 (got ${String(latest)}); set it to how many of the newest articles to sync, or leave it out to sync them all.`,
  );
}
