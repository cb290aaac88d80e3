import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEY_VARIABLE, URL_VARIABLE } from '@content-read/core';
import { checkNodeVersion } from '@content-read/core/internal';
import { loadEnvFiles } from '@content-read/core/internal/node';
import type { AstroIntegration } from 'astro';
import type { ProxySettings } from '../../server/proxy/settings.js';
import { PUBLISH_SECRET_VARIABLE } from '../../server/publish/handler.js';
import { ContentReadSetupError } from '../../shared/errors.js';
import { type EnvContext, envContext, modeFromArgv, setEnvContext } from '../config/env.js';
import { setProxyScope } from '../config/proxy-scope.js';
import { DIST_FILES, distFile } from '../dist-files.js';
import { dependencyComments } from './dependency-comments.js';
import { keepsDist, removeDroppedPages } from './kept-dist.js';
import {
  checkPublicVariables,
  filesContainingKey,
  keyFoundError,
  PUBLIC_KEY_OPTION,
} from './key-guard.js';
import { type ContentReadOptions, proxySettings, publishPath } from './options.js';
import { ownModulesMinified } from './own-modules.js';
import { refreshWebhook } from './refresh-webhook.js';

const SETTINGS_MODULE = 'virtual:content-read/proxy-settings';
const LIMITER_MODULE = 'virtual:content-read/proxy-limiter';
const SERVER_SECRET = {
  type: 'string',
  context: 'server',
  access: 'secret',
  optional: true,
} as const;

const INTEGRATION_NAME = '@content-read/astro-loader';

/**
 * The Content Read integration: declares CONTENT_API_URL / CONTENT_API_KEY through `astro:env`
 * (the key a server secret), guards the key from client code, and optionally serves a backend
 * proxy for browser code (`proxy`) and the `astro dev` refresh webhook (`refresh`).
 */
export function contentRead(options: ContentReadOptions = {}): AstroIntegration {
  const guard = options.keyIsPublicAndTightlyScoped !== true;
  let settings: ProxySettings | undefined;
  /** What the proxy's limiter module is imported as: a file's path, or a package. */
  let limiterModule: string | undefined;
  const publish = publishPath(options.publish);
  let env: EnvContext | undefined;
  // The key as the build saw it: another integration (a mock API) may unset it before build:done.
  let buildKey: string | undefined;
  /** The cacheDir of a build that keeps dist/ between incremental builds (see kept-dist.ts). */
  let keptDistCache: URL | undefined;
  return {
    name: INTEGRATION_NAME,
    hooks: {
      'astro:config:setup': async ({
        config,
        command,
        updateConfig,
        injectRoute,
        addMiddleware,
        logger,
      }) => {
        // Two would inject the same routes and middleware, and their options would fight.
        const declared = config.integrations.filter((i) => i.name === INTEGRATION_NAME).length;
        if (declared > 1)
          throw new ContentReadSetupError(
            `contentRead() is in astro.config's integrations ${declared} times (\`npx astro add @content-read/astro-loader\` adds one, named contentReadloader): keep one, with every option in it.`,
          );
        try {
          checkNodeVersion('contentRead() (@content-read/astro-loader)');
        } catch (error) {
          throw new ContentReadSetupError((error as Error).message);
        }
        const root = fileURLToPath(config.root);
        const envDir = typeof config.vite?.envDir === 'string' ? config.vite.envDir : undefined;
        // Astro's own choice of mode: `--mode`, else production for build, development for dev.
        // (Vite's exact mode replaces it in configResolved; hooks are not given it earlier.)
        env = {
          ...envContext(root, envDir),
          mode: modeFromArgv() ?? (command === 'dev' ? 'development' : 'production'),
        };
        setEnvContext(env);
        updateConfig({
          env: {
            schema: {
              // What envField.string() returns, written out: importing astro/config here would
              // bundle Astro's build tools into every page that imports from this package.
              [URL_VARIABLE]: {
                type: 'string',
                context: 'server',
                access: 'public',
                optional: true,
                url: true,
              },
              [KEY_VARIABLE]: SERVER_SECRET,
              ...(publish ? { [PUBLISH_SECRET_VARIABLE]: SERVER_SECRET } : {}),
            },
          },
          vite: { plugins: [vitePlugin(), dependencyComments(), ownModulesMinified()] },
        });
        addMiddleware({
          entrypoint: distFile(DIST_FILES.envMiddleware),
          order: 'pre',
        });
        if (guard) {
          const variables = await loadEnvFiles(env);
          const prefix = config.vite?.envPrefix ?? 'PUBLIC_';
          const prefixes = Array.isArray(prefix) ? prefix : [prefix];
          buildKey = variables[KEY_VARIABLE]?.trim() || undefined;
          checkPublicVariables(variables, prefixes, buildKey);
        } else {
          logger.warn(
            `${PUBLIC_KEY_OPTION}: the key guard is off. The key must be one made for browsers: read-only, scoped to the blogs it may show.`,
          );
        }
        if (options.proxy) {
          // Checked now, for its errors; settled at config:done, when the cache provider is known.
          settings = proxySettings(options.proxy);
          limiterModule = limiterSpecifier(root, settings.rateLimit?.limiter);
          injectRoute({
            pattern: `${settings.path}/[resource]`,
            entrypoint: distFile(DIST_FILES.proxyRoute),
            prerender: false,
          });
        }
        if (publish)
          injectRoute({
            pattern: publish,
            entrypoint: distFile(DIST_FILES.publishRoute),
            prerender: false,
          });
      },
      'astro:config:done': ({ config }) => {
        keptDistCache = keepsDist(config) ? config.cacheDir : undefined;
        setProxyScope(settings && { path: settings.path, blogs: settings.blogs });
        if (options.proxy)
          settings = proxySettings(options.proxy, {
            routeCache: Boolean(config.cache?.provider),
            publish: Boolean(publish),
            ...(config.adapter ? { adapter: config.adapter.name } : {}),
          });
        for (const [option, path] of [
          ['proxy', settings?.path],
          ['publish', publish],
        ] as const) {
          if (path && !config.adapter)
            throw new ContentReadSetupError(
              `contentRead({ ${option} }) serves ${path} on demand, which needs a server adapter: add one (e.g. \`npx astro add node\`), or remove the ${option} option.`,
            );
        }
      },
      'astro:server:setup': (params) => {
        if (options.refresh)
          return refreshWebhook(options.refresh === true ? {} : options.refresh)(params);
      },
      'astro:build:done': async ({ dir, logger, assets }) => {
        if (keptDistCache) {
          const removed = await removeDroppedPages(dir, keptDistCache, assets);
          if (removed.length)
            logger.info(
              `removed from the kept dist/ ${removed.length} page(s) that this build no longer has`,
            );
        }
        if (!guard || !env) return;
        const key = (await loadEnvFiles(env))[KEY_VARIABLE]?.trim() || buildKey;
        if (!key) {
          logger.info(`key guard: no ${KEY_VARIABLE} at build time, so no key to look for`);
          return;
        }
        const clientDir = fileURLToPath(dir);
        // Even the project's own path is printed without the key, should it hold it.
        const shownDir = clientDir.replaceAll(key, `[${KEY_VARIABLE}]`);
        const found = await filesContainingKey(clientDir, key);
        if (!found) {
          logger.info(`key guard: the build wrote no client output (${shownDir}), nothing to scan`);
          return;
        }
        if (found.length) throw keyFoundError(found, shownDir);
        logger.info('key guard: the API key is in no file of the client output');
      },
    },
  };

  /** Learns Vite's resolved mode and envDir, and serves the proxy's settings to its route. */
  function vitePlugin() {
    return {
      name: 'content-read:settings',
      configResolved(config: { mode: string; envDir?: string | false; root: string }) {
        const envDir = config.envDir
          ? resolve(config.root, config.envDir)
          : (env?.envDir ?? config.root);
        env = { mode: config.mode, envDir };
        setEnvContext(env);
      },
      resolveId(id: string) {
        return id === SETTINGS_MODULE || id === LIMITER_MODULE ? `\0${id}` : undefined;
      },
      load(id: string) {
        if (id === `\0${LIMITER_MODULE}`)
          return limiterModule
            ? `export { default } from ${JSON.stringify(limiterModule)};`
            : 'export default undefined;';
        if (id !== `\0${SETTINGS_MODULE}`) return undefined;
        if (!settings)
          throw new Error(`${SETTINGS_MODULE} is only available with contentRead({ proxy }).`);
        return `export default ${JSON.stringify(settings)};`;
      },
    };
  }
}

/** The module `proxy.rateLimit.limiter` names, as an import: a path is checked and made absolute. */
function limiterSpecifier(root: string, limiter: string | undefined): string | undefined {
  if (!limiter || !/^\.{0,2}\//.test(limiter)) return limiter;
  const path = resolve(root, limiter);
  if (!existsSync(path))
    throw new ContentReadSetupError(
      `contentRead(): proxy.rateLimit.limiter names ${limiter}, which is no file under the project root: give the path of the module (e.g. "./src/limiter.ts") or a package name.`,
    );
  return path;
}
