import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Serves a built playground: the prerendered pages and the on-demand live route, through the
 * @astrojs/node standalone handler mounted on our own server, so we choose host and port
 * (port 0 in tests) and learn the address. The live route reads CONTENT_API_URL and
 * CONTENT_API_KEY from the environment at request time.
 *
 * As a command: `node scripts/serve.ts [outDir]` prints `Serving <url>` once it listens.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ServedSite {
  url: string;
  close(): Promise<void>;
}

export async function serveBuild(
  outDir: string,
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {},
): Promise<ServedSite> {
  // The built entry starts its own server on import unless told not to.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = pathToFileURL(resolve(outDir, 'server/entry.mjs')).href;
  const { handler } = (await import(entry)) as { handler: Handler };
  const server = createServer(handler);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.main) {
  const outDir = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
  const site = await serveBuild(outDir, { port: Number(process.env.PORT ?? 0) });
  console.log(`Serving ${site.url}`);
  const stop = () => void site.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
