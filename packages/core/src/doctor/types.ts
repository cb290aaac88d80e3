/** What `content-read doctor` checks against, and what each check reports. */
import type { BrokenLinksOptions } from './link-contract.js';

export interface DoctorConfig {
  /** The base URL as given (validated by the first check, not before). */
  url: string | undefined;
  /** The API key; never printed, only its source is. */
  key: string | undefined;
  /** Where the key came from, for the report: `--key` or `CONTENT_API_KEY`. */
  keySource: string | undefined;
  /** The Origin sent with the CORS preflight. */
  origin: string;
  allowInsecureHttp: boolean;
  /** Per-request budget, ms (connect and headers each). */
  timeout: number;
  /** Vite mode and directory of the .env files read for variables not in the environment. */
  mode: string;
  envDir: string;
  /** With `--links`: list broken links, reading bodies as a loader with these options would. */
  links?: BrokenLinksOptions | undefined;
}

/**
 * `fail` is a problem (non-zero exit); `warn` works but deserves a look; `info` is for your
 * information, never a problem; `skip` could not run.
 */
export type CheckStatus = 'ok' | 'warn' | 'info' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  /** One line: what was found. */
  summary: string;
  /** Further lines: the blogs found, or what to do about a problem. */
  details: string[];
}

export function result(
  name: string,
  status: CheckStatus,
  summary: string,
  details: string[] = [],
): CheckResult {
  return { name, status, summary, details };
}
