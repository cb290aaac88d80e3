/**
 * A small CDN for U2: one caching reverse proxy on loopback in front of several site instances,
 * taking turns (round robin). It keeps a `200` GET answer that carries `CDN-Cache-Control:
 * max-age=N` (RFC 9213, which Cloudflare and Netlify honour; Vercel's own header is the same
 * idea) for N seconds under its `Cache-Tag` tags, collapses concurrent misses of one URL into one
 * request to the origin, as CDNs do, and purges by tag on `POST /__cdn/purge {"tags":[...]}`.
 * `Cache-Control: no-cache` answers (the proxy without a route cache) pass through, uncached.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Kept {
  status: number;
  headers: [string, string][];
  body: Buffer;
  tags: string[];
  until: number;
}
interface Fetched extends Omit<Kept, 'until' | 'tags'> {
  maxAge: number;
  tags: string[];
}

export interface Cdn {
  url: string;
  /** The instances it sends requests to, in turn (filled once they listen). */
  origins: string[];
  purgeUrl: string;
  /** Requests answered from the CDN's store, and those sent to an instance. */
  stats: { hits: number; origin: number; purges: number };
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);

function maxAgeOf(header: string | null): number {
  return Number(/(?:^|,)\s*max-age=(\d+)/i.exec(header ?? '')?.[1] ?? 0);
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startCdn(): Promise<Cdn> {
  const origins: string[] = [];
  const store = new Map<string, Kept>();
  const inFlight = new Map<string, Promise<Fetched>>();
  const stats = { hits: 0, origin: 0, purges: 0 };
  let turn = 0;

  async function fromOrigin(req: IncomingMessage, body?: Buffer): Promise<Fetched> {
    const origin = origins[turn++ % origins.length] as string;
    stats.origin++;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (!HOP_BY_HOP.has(name) && typeof value === 'string') headers.set(name, value);
    const response = await fetch(`${origin}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body?.length ? { body } : {}),
    });
    const kept: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && name !== 'content-length' && name !== 'content-encoding')
        kept.push([name, value]);
    });
    return {
      status: response.status,
      headers: kept,
      body: Buffer.from(await response.arrayBuffer()),
      maxAge: response.status === 200 ? maxAgeOf(response.headers.get('cdn-cache-control')) : 0,
      tags: (response.headers.get('cache-tag') ?? '').split(',').map((t) => t.trim()),
    };
  }

  const server: Server = createServer(async (req, res) => {
    try {
      const url = req.url ?? '/';
      if (req.method === 'POST' && url === '/__cdn/purge') {
        const { tags } = JSON.parse((await bodyOf(req)).toString()) as { tags: string[] };
        for (const [key, kept] of store)
          if (kept.tags.some((tag) => tags.includes(tag))) store.delete(key);
        stats.purges++;
        res.writeHead(200).end();
        return;
      }
      let answer: Pick<Kept, 'status' | 'headers' | 'body'>;
      const kept = req.method === 'GET' ? store.get(url) : undefined;
      if (kept && kept.until > Date.now()) {
        stats.hits++;
        answer = kept;
      } else if (req.method === 'GET') {
        let pending = inFlight.get(url);
        if (!pending) {
          pending = fromOrigin(req).finally(() => inFlight.delete(url));
          inFlight.set(url, pending);
          const fetched = await pending;
          if (fetched.maxAge > 0)
            store.set(url, { ...fetched, until: Date.now() + fetched.maxAge * 1000 });
        }
        answer = await pending;
      } else {
        answer = await fromOrigin(req, await bodyOf(req));
      }
      res.writeHead(answer.status, answer.headers.flat());
      res.end(answer.body);
    } catch (error) {
      res.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    origins,
    purgeUrl: `${url}/__cdn/purge`,
    stats,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
