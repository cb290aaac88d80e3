// The route contentRead({ publish }) injects. Vite bundles it into the site's server; the secret
// is read at run time from the server's variables (through contentRead()'s middleware), never
// fixed into the bundle.
import type { APIRoute } from 'astro';
import { runtimeVariable } from '../../shared/connection.js';
import { expireLiveListings } from '../live/expiry.js';
import { handlePublish, PUBLISH_SECRET_VARIABLE } from './handler.js';

export const prerender = false;

export const ALL: APIRoute = (context) =>
  handlePublish(context.request, {
    secret: runtimeVariable(PUBLISH_SECRET_VARIABLE),
    cache: context.cache,
    expireListings: expireLiveListings,
  });
