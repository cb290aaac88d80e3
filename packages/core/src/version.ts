/**
 * The package version, written out rather than imported from package.json: every server bundle
 * of a site carries this file (the web client's User-Agent), and a JSON import would carry the
 * whole package.json with it. test/version.test.ts fails when the two disagree.
 */
export const VERSION = '0.1.0';

/** The User-Agent product token every request carries. */
export const USER_AGENT = `content-read-core/${VERSION}`;
