/**
 * Every error code the publish webhook sends, with its status. Each code's comment is what the
 * docs site's error reference says of it.
 */
export const PUBLISH_ERRORS = {
  /** The webhook was called with a method other than `POST`; `Allow` says `POST`. */
  method_not_allowed: 405,
  /**
   * `CONTENT_PUBLISH_SECRET` is not set on the server. Set it in the server's environment (the
   * platform's variables or secrets), and send it as `Authorization: Bearer <secret>`.
   */
  publish_not_configured: 500,
  /** No `Authorization: Bearer` header, or not the server's `CONTENT_PUBLISH_SECRET`. */
  unauthorized: 401,
  /** The body is over 64 KB: name at most 1,000 ids, or send `{"all":true}`. */
  body_too_large: 413,
  /**
   * The body is not `{"articles":[ids]}`, `{"blogs":[ids]}` (both may be given) or
   * `{"all":true}`, or an id is malformed: the message says what is wrong.
   */
  invalid_body: 400,
  /**
   * Astro's route cache could not invalidate the tags (the message names them and the cache
   * provider's reason). Check the cache provider of the Astro config; this server's live
   * listings were expired anyway.
   */
  invalidate_failed: 500,
} as const;

export type PublishErrorCode = keyof typeof PUBLISH_ERRORS;
