import pkg from '../package.json' with { type: 'json' };

/** The package version, read from package.json so a release needs no second edit. */
export const VERSION: string = pkg.version;

/** The User-Agent product token every request carries. */
export const USER_AGENT = `content-read-core/${VERSION}`;
