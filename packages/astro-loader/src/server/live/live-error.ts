import { LiveCollectionError } from 'astro/content/runtime';
import { oneLineStack } from '../../shared/errors.js';

/**
 * A live collection's failure with what a page needs to tell causes apart: the HTTP status the
 * API answered (`status`, absent when it could not be reached) and the API's error code (`code`,
 * e.g. `invalid_token`, `not_found`, `rate_limited`). `LiveCollectionError.is(error)` holds, and
 * `error.name` is still `LiveCollectionError`.
 */
export class ContentReadLiveError extends LiveCollectionError {
  // Its name stays Astro's: pages that test `error.name === 'LiveCollectionError'` keep working.
  constructor(
    collection: string,
    message: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
  ) {
    super(collection, message);
    oneLineStack(this);
  }

  /** The server's key was refused (401/403): the site's configuration, not an outage. */
  get keyRejected(): boolean {
    return this.status === 401 || this.status === 403;
  }
}
