/** The package version; a test keeps it equal to package.json's "version". */
export const VERSION = '0.1.0';

/** The User-Agent product token every request carries. */
export const USER_AGENT = `content-read-core/${VERSION}`;
