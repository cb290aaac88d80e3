import { type CollectionEntry, getCollection } from 'astro:content';
import { cacheKey } from '@content-read/astro-loader';
import { articleUrl } from '../article-url';

// The queries the pages share. Collections are read once per build by Astro's content layer;
// these helpers only sort, group and build URLs.

export type Blog = CollectionEntry<'blogs'>;
export type Article = CollectionEntry<'articles'>;

/** Newest first: how readers expect a listing. */
export function newestFirst(a: Article, b: Article): number {
  return b.data.publishedAt.getTime() - a.data.publishedAt.getTime();
}

export async function getBlogs(): Promise<Blog[]> {
  const blogs = await getCollection('blogs');
  return blogs.sort((a, b) => a.data.name.localeCompare(b.data.name));
}

export async function getArticles(): Promise<Article[]> {
  return (await getCollection('articles')).sort(newestFirst);
}

/** Blogs by entry id, for resolving an article's `blog` reference without a query per article. */
/**
 * One static path per blog, with its articles: the blog's page and its feed. Its cacheKey lets an
 * incremental build restore both while neither the blog nor one of its articles changed.
 */
export async function blogPaths() {
  const blogs = await getBlogs();
  const all = await getArticles();
  return blogs.map((blog) => {
    const articles = all.filter((a) => a.data.blog.id === blog.id);
    return {
      params: { blog: blog.data.slug },
      props: { blog, articles },
      cacheKey: cacheKey(blog, articles),
    };
  });
}

export async function getBlogIndex(): Promise<Map<string, Blog>> {
  return new Map((await getBlogs()).map((blog) => [blog.id, blog]));
}

/** The blog an article belongs to; the loader guarantees the reference resolves. */
export function blogOf(article: Article, blogs: Map<string, Blog>): Blog {
  const blog = blogs.get(article.data.blog.id);
  if (!blog) {
    throw new Error(
      `Article "${article.id}" refers to blog "${article.data.blog.id}", which is not in the blogs collection.`,
    );
  }
  return blog;
}

export function blogPath(blog: Blog): string {
  return `/blogs/${blog.data.slug}/`;
}

/** An article's page: the site's one route of an article (src/article-url.ts). */
export function articlePath(article: Article, blog: Blog): string {
  return articleUrl({
    id: article.id,
    slug: article.data.slug,
    blog: { id: blog.id, slug: blog.data.slug },
  });
}

/** A URL segment for a tag: lower case, words joined by hyphens, letters of any script kept. */
export function tagSlug(tag: string): string {
  return (
    tag
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'tag'
  );
}

export function tagPath(tag: string): string {
  return `/tags/${tagSlug(tag)}/`;
}

/** Every tag with the articles carrying it; tags that slug alike are merged under the first spelling. */
export function groupByTag(
  articles: Article[],
): Map<string, { name: string; articles: Article[] }> {
  const tags = new Map<string, { name: string; articles: Article[] }>();
  for (const article of articles) {
    for (const name of new Set(article.data.tags)) {
      const slug = tagSlug(name);
      const group = tags.get(slug) ?? { name, articles: [] };
      group.articles.push(article);
      tags.set(slug, group);
    }
  }
  return tags;
}
