/**
 * `@content-read/core/internal`: what the sibling packages (the Astro loader, the mock server)
 * share with core and users should not call. Unstable: it changes in any release, semver aside.
 * Web-platform only, as the loader's deployed code (proxy route, live loaders) imports it; the
 * Node-only part is `@content-read/core/internal/node`.
 */
import { type ListingClient, makeListingClient } from './client.js';
import { webSender } from './http/sender.js';
import type { WebClientOptions } from './web.js';

export { parseBaseUrl } from './base-url.js';
export type { ListingClient } from './client.js';
export { concatBytes, readCapped } from './http/capped-read.js';
export { etagMatches } from './http/etag.js';
export { type HeaderLink, parseLinkHeader } from './http/link-header.js';
export { checkNodeVersion } from './node-version.js';
export { redactSecrets } from './redact.js';
export {
  B64TOKEN,
  contractArticleSchema,
  contractAuthorSchema,
  contractBlogSchema,
  contractFeatureImageSchema,
} from './schema/wire.js';

/**
 * The web client with `list()` and `close()` only, for the loader's live loaders: a deployed
 * worker then carries no discovery or item shortcuts.
 */
export function createListingClient(options: WebClientOptions): ListingClient {
  return makeListingClient(options, webSender);
}
