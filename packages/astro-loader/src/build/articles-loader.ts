import type { Article } from '@content-read/core';
import type { Loader } from 'astro/loaders';
import type { ArticlesLoaderOptions } from '../config/options.js';
import { ARTICLES_LOADER_NAME } from '../config/version.js';
import { renderArticleHtml } from '../entries/html/render.js';
import { toEntryId } from '../entries/ids.js';
import { articleData, type WireArticle, wireArticleSchema } from '../entries/mapping.js';
import { createArticleSchema } from '../entries/schema.js';
import { syncCollection } from './sync.js';

/**
 * Build-time loader of the articles the key can read: sanitised HTML bodies with heading
 * ids, `render(entry)` gives `<Content />` and `headings` as for local Markdown.
 */
export function articlesLoader<const C extends string = 'blogs'>(
  options: ArticlesLoaderOptions & { blogsCollection?: C } = {},
) {
  const blogsCollection = (options.blogsCollection ?? 'blogs') as C;
  const entryId = options.generateId ?? ((article: Article) => toEntryId(article.id));
  const blogId = options.generateBlogId ?? toEntryId;
  return {
    name: ARTICLES_LOADER_NAME,
    schema: createArticleSchema(blogsCollection),
    load: (ctx) =>
      syncCollection<Article>(ctx, {
        resource: 'articles',
        noun: 'article',
        options,
        describeOptions: {
          blogs: options.blogs,
          blogsCollection,
          filter: options.filter?.toString(),
          generateId: options.generateId?.toString(),
          generateBlogId: options.generateBlogId?.toString(),
          invalidArticles: options.invalidArticles,
        },
        wireSchema: wireArticleSchema,
        listings: async () => (options.blogs ? options.blogs.map((blog) => ({ blog })) : [{}]),
        keep: (article) => !options.filter || options.filter(article),
        entryId,
        toEntry: async (wire: WireArticle, id, digest) => {
          const data = await ctx.parseData({ id, data: articleData(wire, blogId) });
          const { html, headings } = renderArticleHtml(wire.html);
          return { id, digest, data, rendered: { html, metadata: { headings } } };
        },
      }),
  } satisfies Loader;
}
