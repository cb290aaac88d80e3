/**
 * The platforms of the deploy matrix: each one's adapter, where its build puts the client files
 * and the server a deploy ships, and how that server is run here with the API's variables given
 * through the platform's own mechanism.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv } from '../publish/pack.js';
import { freePort, type ServerSpec } from './servers.js';

export type TargetName = 'node' | 'cloudflare' | 'vercel' | 'netlify';
export const TARGETS: readonly TargetName[] = ['node', 'cloudflare', 'vercel', 'netlify'];

/** The adapters' packages, installed in the fresh site at the versions this workspace locks. */
export const ADAPTER_PACKAGES = [
  '@astrojs/node',
  '@astrojs/cloudflare',
  '@astrojs/vercel',
  '@astrojs/netlify',
  'wrangler',
];

export interface Api {
  url: string;
  key: string;
  /** The server's CONTENT_PUBLISH_SECRET (a canary too: it must show up nowhere either). */
  publishSecret: string;
}

export interface Target {
  name: TargetName;
  /** Where the server runs: Node.js (where undici may be), or not. */
  nodeRuntime: boolean;
  adapter: string;
  adapterOptions: string;
  /** Astro's route-cache provider on this platform: its import, and the call that makes it. */
  cache: { from: string; provider: string };
  /** The client output (static files served as they are), relative to the site. */
  clientDir: string;
  /** What a deploy ships to run the server, relative to the site. */
  serverDir: string;
  /** The server's entry, when it imports dependencies from node_modules at run time. */
  traceFrom?: string;
  /** How the built server runs here (`modules`: the installed node_modules). */
  serve(site: string, api: Api, port: number, modules: string): Promise<ServerSpec>;
}

const fetchServer = fileURLToPath(new URL('./fetch-server.ts', import.meta.url));

// No request to Cloudflare's network (workerd's `Request.cf` data), no telemetry.
export const WRANGLER_ENV = {
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  DO_NOT_TRACK: '1',
};

/** The server's own variables: where the API is, its key, and the publish webhook's secret. */
export function serverVariables(api: Api): Record<string, string> {
  return {
    CONTENT_API_URL: api.url,
    CONTENT_API_KEY: api.key,
    CONTENT_PUBLISH_SECRET: api.publishSecret,
  };
}

function runtimeEnv(api: Api, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return cleanEnv({ ...serverVariables(api), ...extra });
}

export const TARGET: Record<TargetName, Target> = {
  node: {
    name: 'node',
    nodeRuntime: true,
    adapter: '@astrojs/node',
    adapterOptions: "{ mode: 'standalone' }",
    cache: { from: 'astro/config', provider: 'memoryCache' },
    clientDir: 'dist/client',
    serverDir: 'dist/server',
    traceFrom: 'dist/server/entry.mjs',
    serve: async (site, api, port) => ({
      command: process.execPath,
      args: ['dist/server/entry.mjs'],
      cwd: site,
      env: runtimeEnv(api, { HOST: '127.0.0.1', PORT: String(port) }),
      ready: /Server listening on (http:\/\/[\d.:]+)/,
    }),
  },
  cloudflare: {
    name: 'cloudflare',
    nodeRuntime: false,
    adapter: '@astrojs/cloudflare',
    adapterOptions: '',
    cache: { from: '@astrojs/cloudflare/cache', provider: 'cacheCloudflare' },
    clientDir: 'dist/client',
    serverDir: 'dist/server',
    // The built worker in workerd; the variables are bindings (`--var`), as `wrangler deploy` sets.
    // An inspector port of its own: wrangler's default (9229) is taken when two runs overlap.
    serve: async (site, api, port, modules) => ({
      command: process.execPath,
      args: [
        join(modules, 'wrangler/bin/wrangler.js'),
        'dev',
        ...['--config', 'dist/server/wrangler.json', '--ip', '127.0.0.1', '--port', String(port)],
        ...['--inspector-port', String(await freePort())],
        ...Object.entries(serverVariables(api)).flatMap(([name, value]) => [
          '--var',
          `${name}:${value}`,
        ]),
        '--show-interactive-dev-session=false',
      ],
      cwd: site,
      env: cleanEnv(WRANGLER_ENV),
      ready: /Ready on (http:\/\/[\d.:]+)/,
    }),
  },
  vercel: functionTarget({
    name: 'vercel',
    adapter: '@astrojs/vercel',
    cache: { from: '@astrojs/vercel/cache', provider: 'cacheVercel' },
    clientDir: '.vercel/output/static',
    serverDir: '.vercel/output/functions/_render.func',
    entry: async (fn) => {
      const config = JSON.parse(await readFile(join(fn, '.vc-config.json'), 'utf8')) as {
        handler: string;
      };
      return config.handler;
    },
  }),
  netlify: functionTarget({
    name: 'netlify',
    adapter: '@astrojs/netlify',
    cache: { from: '@astrojs/netlify/cache', provider: 'cacheNetlify' },
    clientDir: 'dist',
    serverDir: '.netlify/v1/functions/ssr',
    entry: async () => 'ssr.mjs',
  }),
};

/**
 * A platform whose build ships a Node function (a fetch handler) in `serverDir`, run here by
 * fetch-server.ts; `entry` names the function's file in that folder.
 */
function functionTarget(
  target: Pick<Target, 'name' | 'adapter' | 'cache' | 'clientDir' | 'serverDir'> & {
    entry: (fn: string) => Promise<string>;
  },
): Target {
  const { entry, ...rest } = target;
  return {
    ...rest,
    nodeRuntime: true,
    adapterOptions: '',
    serve: async (site, api, port) => {
      const fn = join(site, target.serverDir);
      return fetchServerSpec(join(fn, await entry(fn)), target.name, fn, api, port);
    },
  };
}

function fetchServerSpec(
  file: string,
  kind: string,
  cwd: string,
  api: Api,
  port: number,
): ServerSpec {
  return {
    command: process.execPath,
    args: [fetchServer, file, kind, String(port)],
    cwd,
    // Netlify's local mode (as `netlify dev` sets it): its purgeCache prints, calls no API.
    env: runtimeEnv(api, kind === 'netlify' ? { NETLIFY_LOCAL: 'true' } : {}),
    ready: /fetch-server ready on (http:\/\/[\d.:]+)/,
  };
}

/**
 * The site's astro.config.mjs for `target`: its adapter, the platform's route-cache provider, and
 * our integration with the proxy (its rate limit asking src/limiter.ts) and (unless `publish` is
 * false) the publish webhook.
 */
export function astroConfig(target: Target, publish = true): string {
  return `import { defineConfig } from 'astro/config';
import adapter from '${target.adapter}';
import { ${target.cache.provider} } from '${target.cache.from}';
import { contentRead } from '@content-read/astro-loader';

export default defineConfig({
  adapter: adapter(${target.adapterOptions}),
  cache: { provider: ${target.cache.provider}() },
  integrations: [
    contentRead({
      proxy: { path: '/api/content', rateLimit: { limiter: './src/limiter.ts' } },${publish ? '\n      publish: true,' : ''}
    }),
  ],
});
`;
}

/**
 * The baseline: a bare Astro site with the Cloudflare adapter, its route-cache provider (Astro's,
 * as the measured site has) and one on-demand page.
 */
export const BARE_CLOUDFLARE_CONFIG = `import { defineConfig } from 'astro/config';
import adapter from '@astrojs/cloudflare';
import { cacheCloudflare } from '@astrojs/cloudflare/cache';

export default defineConfig({ adapter: adapter(), cache: { provider: cacheCloudflare() } });
`;

/**
 * The site's src/live.config.ts with live highlighting: the live loaders as in the matrix's site,
 * articles highlighted by liveHighlighter() with the demo data's languages and one theme.
 */
export const HIGHLIGHT_LIVE_CONFIG = `import { defineLiveCollection } from 'astro:content';
import { articlesLiveLoader, blogsLiveLoader } from '@content-read/astro-loader/live';
import { liveHighlighter } from '@content-read/astro-loader/live-highlight';
import githubDark from 'shiki/themes/github-dark.mjs';
import css from 'shiki/langs/css.mjs';
import shellscript from 'shiki/langs/shellscript.mjs';
import typescript from 'shiki/langs/typescript.mjs';

const highlight = liveHighlighter({ theme: githubDark, langs: [typescript, shellscript, css] });

export const collections = {
  articles: defineLiveCollection({ loader: articlesLiveLoader({ highlight }) }),
  blogs: defineLiveCollection({ loader: blogsLiveLoader() }),
};
`;
