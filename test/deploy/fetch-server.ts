/**
 * Serves a built serverless function the way its platform calls it, behind a plain Node HTTP
 * server on 127.0.0.1, so the deploy matrix can send it real requests:
 *   node fetch-server.ts <function file> vercel|netlify <port>
 * Vercel's Node launcher calls a default export `{ fetch(request) }`; Netlify calls a default
 * export `(request, context)` with the client's address in `context.ip`. The function reads its
 * variables from this process's environment, as on both platforms.
 *
 * Purges: on Vercel, the cache provider calls the `purge` of the request context Vercel's runtime
 * gives (`@vercel/functions`), which this server gives too, printing each call
 * (`vercel purge: invalidateByTag <tags>`); Netlify's `purgeCache` is run as under `netlify dev`
 * (NETLIFY_LOCAL, set by the deploy matrix), where it prints the tags it would purge.
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

type Handler = (request: Request) => Promise<Response>;

const [file = '', kind = '', port = ''] = process.argv.slice(2);
if (kind === 'vercel') {
  const purge = {
    invalidateByTag: async (tag: string | string[]) => {
      console.log(`vercel purge: invalidateByTag ${[tag].flat().join(',')}`);
    },
  };
  Object.assign(globalThis, {
    [Symbol.for('@vercel/request-context')]: { get: () => ({ purge }) },
  });
}
const loaded = (await import(pathToFileURL(file).href)) as {
  default: { fetch?: Handler } & ((request: Request, context: object) => Promise<Response>);
};
const fn = loaded.default;
const handle: Handler =
  kind === 'vercel'
    ? (request) => (fn.fetch as Handler)(request)
    : (request) => fn(request, { ip: '127.0.0.1', geo: {}, site: {}, account: {}, params: {} });

const server = createServer(async (req, res) => {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      for (const v of [value ?? []].flat()) headers.append(name, v);
    }
    // Vercel's proxy adds the client's address to every request (its adapter reads it there).
    if (kind === 'vercel') headers.set('x-forwarded-for', req.socket.remoteAddress ?? '127.0.0.1');
    const method = req.method ?? 'GET';
    const chunks: Buffer[] = [];
    if (method !== 'GET' && method !== 'HEAD') for await (const chunk of req) chunks.push(chunk);
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method,
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const response = await handle(request);
    const out: string[] = [];
    response.headers.forEach((value, name) => {
      out.push(name, value);
    });
    res.writeHead(response.status, out);
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  } catch (error) {
    // What the platform would log; the answer is a bare 500, as a crashed function gives.
    console.error(error);
    res.writeHead(500).end();
  }
});
server.listen(Number(port), '127.0.0.1', () => {
  console.log(`fetch-server ready on http://127.0.0.1:${port}`);
});
