// Added by contentRead() as a middleware, so it is bundled into the site's server and loaded
// before any route runs. It hands the proxy route and the live loaders Astro's reader of the
// server's variables: `astro:env` knows each platform's env (process.env on Node, the Worker's
// bindings on Cloudflare), where a package outside Vite's graph would not. CONTENT_API_URL is a
// public server variable, so Astro also fixes the build's value into the bundle: the server's
// own value wins, the build's is the fallback. The key is a secret: only the server's own.
import { CONTENT_API_URL, getSecret } from 'astro:env/server';
import type { MiddlewareHandler } from 'astro';
import { setRuntimeVariables } from '../shared/connection.js';

setRuntimeVariables(
  (name) => getSecret(name) ?? (name === 'CONTENT_API_URL' ? CONTENT_API_URL : undefined),
);

export const onRequest: MiddlewareHandler = (_context, next) => next();
