import { z } from 'astro/zod';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ArticleData,
  articleEntrySchema,
  articlesLoader,
  blogEntrySchema,
  type blogsLoader,
  type EntryReference,
} from '../src/index.js';

describe('types', () => {
  it('article data is fully typed, with Dates and a reference to the blogs collection', () => {
    type Data = z.infer<typeof articleEntrySchema>;
    expectTypeOf<Data>().toEqualTypeOf<ArticleData>();
    expectTypeOf<Data['publishedAt']>().toEqualTypeOf<Date>();
    expectTypeOf<Data['blog']>().toEqualTypeOf<EntryReference<'blogs'>>();
    expectTypeOf<Data['featureImage']>().toEqualTypeOf<{
      url: string;
      alt: string | null;
      width: number | null;
      height: number | null;
    } | null>();
    expectTypeOf<Data['authors']>().toEqualTypeOf<{ name: string; slug: string }[]>();
  });

  it('the loaders carry their schema type, so Astro can infer CollectionEntry data', () => {
    const articles = articlesLoader({ blogsCollection: 'sources' });
    expectTypeOf<z.infer<typeof articles.schema>['blog']>().toEqualTypeOf<
      EntryReference<'sources'>
    >();
    expectTypeOf<
      z.infer<ReturnType<typeof blogsLoader>['schema']>['createdAt']
    >().toEqualTypeOf<Date>();
  });

  it('schemas can be extended', () => {
    const extended = articleEntrySchema.extend({ featured: z.boolean().default(false) });
    type Extended = z.infer<typeof extended>;
    expectTypeOf<Extended['featured']>().toEqualTypeOf<boolean>();
    expectTypeOf<Extended['title']>().toEqualTypeOf<string>();
    const blog = blogEntrySchema.extend({ colour: z.string().optional() });
    expectTypeOf<z.infer<typeof blog>['colour']>().toEqualTypeOf<string | undefined>();
  });
});
