// Added by contentRead() as a middleware: loaded once by the site's server before any route runs,
// it tells the live loaders and the proxy the build's Vite mode and envDir, so a server built with
// `astro build --mode staging` reads `.env.staging` for what its environment lacks.
import context from 'virtual:content-read/env-context';
import type { MiddlewareHandler } from 'astro';
import { setEnvContext } from '../config/env.js';

setEnvContext(context);

export const onRequest: MiddlewareHandler = (_context, next) => next();
