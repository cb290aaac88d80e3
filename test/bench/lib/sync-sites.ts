import { BenchSite } from './astro.js';
import { datasetOptions, KEY, writeFileSiteData } from './dataset.js';
import { ServerProcess } from './server.js';

/** What a loader-vs-file() benchmark works on: both sites, the server, the loader's env. */
export interface SyncSites {
  server: ServerProcess;
  loaderSite: BenchSite;
  fileSite: BenchSite;
  /** CONTENT_API_URL and CONTENT_API_KEY for the loader site. */
  env: Record<string, string>;
}

/**
 * Starts a mock server with `articles` generated articles, the loader site that reads it and the
 * file() site over the same entries, runs `bench` on them, and always tears all three down. With
 * `pages`, both sites have a page per article (B8), and the file() site's bodies are rendered
 * beforehand as the loader renders them. With `from`, the file() site holds the articles from
 * that index on only (S2: those the loader's `latest` syncs).
 */
export async function withSyncSites<T>(
  articles: number,
  bench: (sites: SyncSites) => Promise<T>,
  { pages = false, from = 0 } = {},
): Promise<T> {
  const server = await ServerProcess.start({ dataset: datasetOptions(articles) });
  const loaderSite = await BenchSite.create('loader-site', pages ? 'loader' : undefined);
  const fileSite = await BenchSite.create('file-site', pages ? 'file' : undefined);
  try {
    await writeFileSiteData(fileSite.root, articles, { rendered: pages, from });
    const env = { CONTENT_API_URL: server.baseUrl, CONTENT_API_KEY: KEY };
    return await bench({ server, loaderSite, fileSite, env });
  } finally {
    await server.stop();
    await loaderSite.dispose();
    await fileSite.dispose();
  }
}
