import { defineCollection } from 'astro:content';
import { articleSchema, articlesLoader, blogSchema, blogsLoader } from '@content-read/astro-loader';
import { file } from 'astro/loaders';
import { z } from 'astro/zod';

// BENCH_MODE=file: the same data through Astro's file() loader, for comparison.
const fromFile = process.env.BENCH_MODE === 'file';

export const collections = fromFile
  ? {
      blogs: defineCollection({ loader: file('data/blogs.json'), schema: blogSchema }),
      articles: defineCollection({
        loader: file('data/articles.json'),
        schema: articleSchema.extend({ html: z.string() }),
      }),
    }
  : {
      blogs: defineCollection({ loader: blogsLoader() }),
      articles: defineCollection({ loader: articlesLoader() }),
    };
