import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import starlightLinksValidator from 'starlight-links-validator';
import { benchmarkFiguresPartial } from './scripts/benchmark-figures.ts';
import { referencePages } from './scripts/reference-pages.ts';
import { scrollableTables } from './scripts/scrollable-tables.ts';

// The documentation site (`npm run docs`): Starlight, with its offline search (Pagefind, built
// with the site). The links validator fails the build on any internal link or anchor that does
// not resolve. Every page passes axe-core's WCAG 2.2 AA rules (test/docs/docs-site.test.ts): tables
// scroll in a region the keyboard can focus, and the search button's name says what it shows.
export default defineConfig({
  site: 'https://content-read.example',
  integrations: [
    // The options reference, from the packages' types: written before Starlight reads the pages.
    referencePages(),
    // The performance page's figures, from BENCHMARKS.md.
    benchmarkFiguresPartial(),
    // Every Markdown table in a region the keyboard can focus, to scroll a wide one.
    scrollableTables(),
    starlight({
      title: 'Content Read for Astro',
      description:
        'Publish articles from the Content Read API v1 into Astro sites: loaders, live pages, a backend proxy.',
      plugins: [starlightLinksValidator()],
      customCss: ['./src/styles/tables.css'],
      components: { Search: './src/components/Search.astro' },
      sidebar: [
        { label: 'Getting started', items: [{ autogenerate: { directory: 'getting-started' } }] },
        { label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] },
        { label: 'Reference', items: [{ autogenerate: { directory: 'reference' } }] },
        { label: 'Explanations', items: [{ autogenerate: { directory: 'explanations' } }] },
      ],
    }),
  ],
});
