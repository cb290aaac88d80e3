/**
 * `@content-read/core/internal/node`: the Node-only internals the siblings share (reading
 * variables as Vite does; the types of what `content-read doctor --links` asks of the loader).
 * Unstable, like `@content-read/core/internal`; kept apart from it because it loads Vite, which
 * the loader's deployed code must never reach.
 */

export type {
  BrokenLinksOptions,
  BrokenLinksReport,
  FindBrokenLinks,
  FoundBrokenLink,
} from '../doctor/link-contract.js';
export { loadAll as loadEnvFiles, readEnvVariables } from '../env.js';
