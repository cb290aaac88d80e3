// Added by contentRead() as a middleware, so it is bundled into the site's server and loaded
// before any route runs. It hands the proxy route and the live loaders Astro's reader of the
// server's variables: `astro:env` knows each platform's env (process.env on Node, the Worker's
// bindings on Cloudflare), where a package outside Vite's graph would not.
import { getSecret } from 'astro:env/server';
import type { MiddlewareHandler } from 'astro';
import { setRuntimeVariables } from '../config/runtime-connection.js';

setRuntimeVariables(getSecret);

export const onRequest: MiddlewareHandler = (_context, next) => next();
