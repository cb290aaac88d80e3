/**
 * What each published entry point exports at run time: exactly what its package README
 * documents, no internals. The workspace test and the pack smoke test both hold the packages
 * to this list, so nothing documented can go missing and nothing private can slip out.
 */
export interface EntryPoint {
  readme: string;
  exports: string[];
  /** An optional peer dependency the entry point imports (not installed in the smoke site). */
  optionalPeer?: string;
}

const CORE_EXPORTS = [
  'AuthenticationError',
  'ConfigurationError',
  'ContentReadError',
  'DEFAULT_PER_PAGE',
  'KEY_VARIABLE',
  'ListingChangedError',
  'MAX_PER_PAGE',
  'NetworkError',
  'NotFoundError',
  'RateLimitError',
  'RequestError',
  'ResponseTooLargeError',
  'ServerError',
  'URL_VARIABLE',
  'USER_AGENT',
  'VERSION',
  'ValidationError',
  'articleSchema',
  'authorSchema',
  'blogSchema',
  'createClient',
  'discoverySchema',
  'errorBodySchema',
  'featureImageSchema',
  'isContentReadError',
  'listEnvelopeSchema',
  'listMetaSchema',
];

export const PUBLIC_SURFACE: Record<string, EntryPoint> = {
  '@content-read/core': { readme: 'packages/core/README.md', exports: CORE_EXPORTS },
  '@content-read/core/web': { readme: 'packages/core/README.md', exports: CORE_EXPORTS },
  // Unstable internals the sibling packages share; the README says so and names them.
  '@content-read/core/internal': {
    readme: 'packages/core/README.md',
    exports: [
      'B64TOKEN',
      'checkNodeVersion',
      'concatBytes',
      'contractArticleSchema',
      'contractAuthorSchema',
      'contractBlogSchema',
      'contractFeatureImageSchema',
      'createListingClient',
      'etagMatches',
      'parseBaseUrl',
      'parseLinkHeader',
      'readCapped',
      'redactSecrets',
    ],
  },
  '@content-read/core/internal/node': {
    readme: 'packages/core/README.md',
    exports: ['loadEnvFiles', 'readEnvVariables'],
  },
  '@content-read/mock-server': {
    readme: 'packages/mock-server/README.md',
    exports: [
      'DatasetError',
      'GENERATED_KEYS',
      'createMockServer',
      'datasetSchema',
      'defaultDataset',
      'demoKeys',
      'generateDataset',
      'loadDataset',
      'validateDataset',
      'writeGeneratedDataset',
    ],
  },
  '@content-read/mock-server/msw': {
    readme: 'packages/mock-server/README.md',
    exports: ['createMswHandlers'],
    optionalPeer: 'msw',
  },
  '@content-read/mock-server/astro': {
    readme: 'packages/mock-server/README.md',
    exports: ['configuredApiUrl', 'mockContentApi', 'startMockContentApi'],
  },
  '@content-read/astro-loader': {
    readme: 'packages/astro-loader/README.md',
    exports: [
      'CacheKeyError',
      'ContentReadLoaderError',
      'articleEntrySchema',
      'articlesLoader',
      'authorEntrySchema',
      'blogEntrySchema',
      'blogsLoader',
      'cacheKey',
      'contentRead',
      'createArticleEntrySchema',
      'default',
      'defaultEmbedProviders',
      'embedEntrySchema',
      'entryReference',
      'featureImageEntrySchema',
      'fromEntryId',
      'renderArticleHtml',
      'toEntryId',
    ],
  },
  '@content-read/astro-loader/live': {
    readme: 'packages/astro-loader/README.md',
    exports: ['ContentReadLiveError', 'articlesLiveLoader', 'blogsLiveLoader'],
  },
  '@content-read/astro-loader/live-highlight': {
    readme: 'packages/astro-loader/README.md',
    exports: ['liveHighlighter'],
    optionalPeer: 'shiki',
  },
  '@content-read/astro-loader/live-images': {
    readme: 'packages/astro-loader/README.md',
    exports: ['liveImageSizes'],
  },
  '@content-read/astro-loader/feed': {
    readme: 'packages/astro-loader/README.md',
    exports: ['feedItems', 'feedNamespaces'],
  },
};
