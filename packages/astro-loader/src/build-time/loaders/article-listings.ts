/**
 * What a build-time read of the articles lists: the blogs the key reads, and the articles of the
 * loader's `blogs` (or of every blog). The articles loader and the doctor's link check
 * (../doctor/broken-links.ts) read the same, so the doctor sees what a sync would.
 */
import type {
  Article,
  Blog,
  ContentReadClient,
  Listing,
  ListPage,
  PagesOptions,
} from '@content-read/core';

/** Every blog the key can read (to resolve the names of the `blogs` option). */
export async function readBlogs(client: Pick<ContentReadClient, 'list'>): Promise<Blog[]> {
  const listing = await client.list('blogs');
  return listing.pages.flatMap((page) => (page.notModified ? [] : page.items));
}

/**
 * The article listings to read: of each blog of `blogIds`, or (undefined) one of every article.
 * The blog's id is forwarded, and `?blog=` is ours, not the contract's: an API may ignore it and
 * list every blog, so each listing keeps only its blog's articles.
 */
export function articleListings<P>(
  client: Pick<ContentReadClient, 'list'>,
  blogIds: ReadonlySet<string> | undefined,
  read: PagesOptions & { onPage: (page: ListPage<Article>) => Promise<P> },
): Promise<Array<Listing<Article, P>>> {
  if (!blogIds) return Promise.all([client.list('articles', read)]);
  return Promise.all(
    [...blogIds].map((blog) =>
      client.list('articles', {
        ...read,
        blog,
        onPage: (page) =>
          read.onPage(
            page.notModified
              ? page
              : { ...page, items: page.items.filter((a) => a.blog_id === blog) },
          ),
      }),
    ),
  );
}
