export { type ContentReadClient, createClient } from './client.js';
export { loadAll as loadEnvFiles, readEnvVariables } from './env.js';
export {
  AuthenticationError,
  ConfigurationError,
  ContentReadError,
  type ErrorDetails,
  isContentReadError,
  ListingChangedError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  RequestError,
  ResponseTooLargeError,
  ServerError,
  ValidationError,
  type ValidationIssue,
} from './errors.js';
export { listingInconsistency } from './listing.js';
export { isLoopback } from './options.js';
export { REDACTED, redactSecrets } from './redact.js';
export {
  type Article,
  type Author,
  articleSchema,
  authorSchema,
  type Blog,
  blogSchema,
  type Discovery,
  discoverySchema,
  type ErrorBody,
  errorBodySchema,
  type FeatureImage,
  featureImageSchema,
  type ListMeta,
  listEnvelopeSchema,
  listMetaSchema,
} from './schema.js';
export type {
  ArticleFilter,
  ClientOptions,
  FetchLike,
  HeldPage,
  InvalidItem,
  InvalidItemsMode,
  Listing,
  ListOptions,
  ListPage,
  PagesOptions,
  RequestOptions,
  ResourceName,
  ResponseEvent,
  RetryEvent,
  RetryOptions,
  TimeoutOptions,
} from './types.js';
export { USER_AGENT, VERSION } from './version.js';
