/**
 * `@content-read/core/internal/node`: the Node-only internals the siblings share (reading
 * variables as Vite does). Unstable, like `@content-read/core/internal`; kept apart from it
 * because it loads Vite, which the loader's deployed code must never reach.
 */
export { loadAll as loadEnvFiles, readEnvVariables } from '../env.js';
