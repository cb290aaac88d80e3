/** What both entries export: the Node one (index.ts) and the web one (web.ts). */
export type { ContentReadClient } from './client.js';
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
export { type HeaderLink, parseLinkHeader } from './http/link-header.js';
export { redactSecrets } from './redact.js';
export {
  type Article,
  type Author,
  articleSchema,
  authorSchema,
  B64TOKEN,
  type Blog,
  blogSchema,
  DEFAULT_PER_PAGE,
  type Discovery,
  discoverySchema,
  type ErrorBody,
  errorBodySchema,
  type FeatureImage,
  featureImageSchema,
  type ListMeta,
  listEnvelopeSchema,
  listMetaSchema,
  MAX_PER_PAGE,
} from './schema/wire.js';
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
export { KEY_VARIABLE, URL_VARIABLE } from './variables.js';
export { USER_AGENT, VERSION } from './version.js';
