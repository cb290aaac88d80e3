import { parentPort, workerData } from 'node:worker_threads';
import { renderArticleHtml, type SanitiseOptions } from './sanitiser.js';
import type { UrlBase } from './urls.js';

/**
 * A sanitiser thread of the pool (sanitiser-pool.ts): renders each batch of article bodies it
 * is sent with the options it was started with, and answers with the results in the same order.
 */
export interface SanitiseBatch {
  batch: number;
  htmls: string[];
  /** Each body's base for relative URLs (see UrlBase). */
  bases: UrlBase[];
}

const options = (workerData as { options: SanitiseOptions }).options;

parentPort?.on('message', ({ batch, htmls, bases }: SanitiseBatch) => {
  parentPort?.postMessage({
    batch,
    results: htmls.map((html, i) => {
      const base = bases[i];
      return renderArticleHtml(html, base === undefined ? options : { ...options, base });
    }),
  });
});
