import { renderArticleHtml, type SanitiseOptions } from '../../body/sanitise/sanitiser.js';
import type { UrlBase } from '../../body/sanitise/urls.js';
import type { PoolRendered } from './pool-options.js';

/**
 * A body rendered on the main thread: below the pool's threshold, with no threads, once a
 * thread has failed, and while the main thread helps the busy threads (body-pool.ts). A throw
 * here is ours, never the article's, and so is told apart from an article's own problems.
 */

/**
 * Our own rendering failed: a fault of the loader, never of the article. A build shows it inside
 * a `ContentReadLoaderError` naming the article: report it; `sanitiseWorkers: 0` works around a
 * fault of the threads.
 */
export class RenderFailure extends Error {
  override readonly name = 'RenderFailure';
}

/** Step 2 of the body pipeline for one body, here; its throw is a RenderFailure. */
export function renderInline(html: string, base: UrlBase, sanitise: SanitiseOptions): PoolRendered {
  try {
    return renderArticleHtml(html, base === undefined ? sanitise : { ...sanitise, base });
  } catch (error) {
    throw new RenderFailure(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}
