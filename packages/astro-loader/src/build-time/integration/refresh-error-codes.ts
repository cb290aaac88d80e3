/**
 * Every error code the `astro dev` refresh webhook (`contentRead({ refresh })`) sends, with its
 * status. Each code's comment is what the docs site's error reference says of it.
 */
export const REFRESH_ERRORS = {
  /**
   * A secret is set (`CONTENT_REFRESH_SECRET`, or `refresh.secret`) and the request did not send
   * it as `Authorization: Bearer <secret>`; `WWW-Authenticate` says `Bearer`. Send that header.
   */
  unauthorized: 401,
  /**
   * No secret is set, and the request came from another machine or was sent by a web page:
   * without a secret only tools on this machine may refresh. Set `CONTENT_REFRESH_SECRET` and
   * send it as `Authorization: Bearer <secret>`, or call from this machine with a tool (curl).
   */
  forbidden: 403,
  /**
   * The dev server gave the integration no `refreshContent`, so the collections cannot sync
   * again while it runs: restart `astro dev` to show new content.
   */
  refresh_unavailable: 501,
  /**
   * The sync of the `blogs` and `articles` collections failed: the message says why (as a
   * build's output would). Fix that, and call the webhook again; the `astro dev` log has the
   * error too.
   */
  refresh_failed: 500,
  /**
   * `CONTENT_REFRESH_SECRET` could not be read (the `.env` files of the mode could not be
   * read): the message says why. Fix the `.env` files or set the variable in the environment,
   * then restart `astro dev`.
   */
  secret_unreadable: 500,
} as const;

export type RefreshErrorCode = keyof typeof REFRESH_ERRORS;
