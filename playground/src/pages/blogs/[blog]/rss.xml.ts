import type { APIRoute, GetStaticPaths } from 'astro';
import { type Article, type Blog, blogPath, blogPaths } from '../../../lib/content';
import { articlesFeed } from '../../../lib/feeds';
import { blogFeed } from '../../../lib/meta';

// A blog's newest articles (RSS 2.0, full bodies): prerendered, see src/lib/feeds.ts. An
// incremental build writes it again only when the blog or one of its articles changed.
export const getStaticPaths = blogPaths satisfies GetStaticPaths;

interface Props {
  blog: Blog;
  articles: Article[];
}

export const GET: APIRoute<Props> = async ({ props: { blog, articles }, site }) =>
  articlesFeed({
    title: blog.data.name,
    description: blog.data.description ?? `The newest articles of ${blog.data.name}.`,
    page: blogPath(blog),
    self: blogFeed(blog.data).href,
    articles,
    blogs: new Map([[blog.id, blog]]),
    site,
  });
