/** What components/ArticleBody.astro imports, as one bundle of dist/ (see scripts/bundle.ts). */
export { type ImageContext, servedImage } from './article-body/body-images.js';
export { bodyParts, type MappedElement, mayHold } from './article-body/body-parts.js';
