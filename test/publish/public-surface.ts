/**
 * What each published entry point exports at run time: exactly what the docs site's reference
 * lists (core's internal entries: what its README names), no internals. The workspace test and
 * the pack smoke test both hold the packages to this list, so nothing documented can go missing
 * and nothing private can slip out.
 */
export interface EntryPoint {
  /** Where the entry is documented when the docs site's reference leaves it out. */
  readme?: string;
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
  '@content-read/core': { exports: CORE_EXPORTS },
  '@content-read/core/web': { exports: CORE_EXPORTS },
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
    exports: ['createMswHandlers'],
    optionalPeer: 'msw',
  },
  '@content-read/mock-server/astro': {
    exports: ['configuredApiUrl', 'mockContentApi', 'startMockContentApi'],
  },
  '@content-read/astro-loader': {
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
    exports: ['ContentReadLiveError', 'articlesLiveLoader', 'blogsLiveLoader'],
  },
  '@content-read/astro-loader/live-highlight': {
    exports: ['liveHighlighter'],
    optionalPeer: 'shiki',
  },
  '@content-read/astro-loader/live-images': {
    exports: ['liveImageSizes'],
  },
  '@content-read/astro-loader/feed': {
    exports: ['feedItems', 'feedNamespaces'],
  },
  '@content-read/astro-loader/doctor': {
    exports: ['findBrokenLinks'],
  },
};
