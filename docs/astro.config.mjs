import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import starlightLinksValidator from 'starlight-links-validator';
import { benchmarkFiguresPartial } from './scripts/benchmark-figures.ts';
import { referencePages } from './scripts/reference-pages.ts';

// The documentation site (`npm run docs`): Starlight, with its offline search (Pagefind, built
// with the site). The links validator fails the build on any internal link or anchor that does
// not resolve.
export default defineConfig({
  site: 'https://content-read.example',
  integrations: [
    // The options reference, from the packages' types: written before Starlight reads the pages.
    referencePages(),
    // The performance page's figures, from BENCHMARKS.md.
    benchmarkFiguresPartial(),
    starlight({
      title: 'Content Read for Astro',
      description:
        'Publish articles from the Content Read API v1 into Astro sites: loaders, live pages, a backend proxy.',
      plugins: [starlightLinksValidator()],
      sidebar: [
        { label: 'Getting started', items: [{ autogenerate: { directory: 'getting-started' } }] },
        { label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] },
        { label: 'Reference', items: [{ autogenerate: { directory: 'reference' } }] },
        { label: 'Explanations', items: [{ autogenerate: { directory: 'explanations' } }] },
      ],
    }),
  ],
});
