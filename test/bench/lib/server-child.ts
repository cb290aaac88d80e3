// The mock server in its own process, driven over IPC by test/bench/lib/server.ts. The benchmarks
// run the server apart from the code they measure, so on a 2-core machine each gets a core.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockServer, type FaultConfig, generateDataset } from '@content-read/mock-server';
// The child runs without run.ts's resolve hook: it names the TypeScript file itself.
import { bodyDataset } from './bodies.ts';
import { linkedDataset } from './links.ts';
import type { ArticleEdit, ServerCommand, ServerReply, ServerSpec } from './server-protocol.js';

const spec = JSON.parse(process.argv[2] ?? '{}') as ServerSpec;
const dataset = spec.bodies
  ? bodyDataset(spec.bodies.kind, spec.bodies.articles)
  : spec.links
    ? linkedDataset(spec.links.articles, spec.links.anchors)
    : generateDataset(spec.dataset);
const images = spec.cachedImages ? await startImageCache() : undefined;
const mock = createMockServer({
  dataset,
  ...(spec.faults ? { faults: spec.faults } : {}),
  ...(images ? { origin: images.origin } : {}),
});
const running = await mock.listen({ port: 0, host: '127.0.0.1' });
if (images) await images.fill(dataset.articles.map((a) => a.html));

/**
 * The mock's images from memory, on a port of their own (ServerSpec.cachedImages): each answer is
 * the mock's own (status, headers, bytes), taken once; a matching If-None-Match gets 304.
 */
async function startImageCache() {
  const answers = new Map<string, { status: number; headers: Headers; body: Buffer }>();
  let requests = 0;
  const answer = async (path: string) => {
    let hit = answers.get(path);
    if (!hit) {
      const response = await mock.handle(new Request(`${origin}${path}`));
      const body = Buffer.from(await response.arrayBuffer());
      hit = { status: response.status, headers: response.headers, body };
      if (response.status === 200) answers.set(path, hit);
    }
    return hit;
  };
  const server = createServer(async (req, res) => {
    requests++;
    // A connection per image, as the mock answers images (its node face says why: Astro's image
    // fetch has no retry, and a kept-alive socket can be timed out just as a busy build reuses it).
    res.shouldKeepAlive = false;
    const hit = await answer(req.url ?? '/');
    const etag = hit.headers.get('etag');
    const fresh = etag !== null && req.headers['if-none-match'] === etag;
    res.writeHead(fresh ? 304 : hit.status, Object.fromEntries(hit.headers));
    res.end(fresh || req.method === 'HEAD' ? undefined : hit.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** Encodes every image the bodies show, one at a time, before the server says it is ready. */
    async fill(bodies: string[]) {
      const image = /\/images\/[a-z0-9-]+\/\d+x\d+\.png/g;
      const paths = new Set(bodies.flatMap((html) => html.match(image) ?? []));
      for (const path of paths) await answer(path);
    },
    requests: () => requests,
    reset: () => {
      requests = 0;
    },
  };
}

/** A bare node:http server answering every request with the bytes the mock serves for `path`. */
async function startBare(path: string, key: string): Promise<{ port: number; bytes: number }> {
  const sample = await fetch(`${running.baseUrl.replace(/\/api\/v1$/, '')}${path}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const bytes = Buffer.from(await sample.arrayBuffer());
  const type = sample.headers.get('content-type') ?? 'application/json';
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((done) => bare.listen(0, '127.0.0.1', done));
  return { port: (bare.address() as AddressInfo).port, bytes: bytes.length };
}

/**
 * Changes `count` articles spread evenly over the dataset (title and body), as an editor would,
 * and says what it wrote (a file() site is then given the same edits).
 */
function mutate(count: number, round: number): ArticleEdit[] {
  const ids = mock.dataset.articles.map((a) => a.id);
  const step = Math.max(1, Math.floor(ids.length / count));
  const edits: ArticleEdit[] = [];
  for (let i = 0; i < count && i * step < ids.length; i++) {
    const id = ids[i * step] as string;
    const edit = {
      title: `Edited in round ${round}: ${id}`,
      html: `<h2>Edited</h2><p>Round ${round} rewrote article ${id}.</p>`,
    };
    mock.updateArticle(id, edit);
    edits.push({ id, ...edit });
  }
  return edits;
}

function handle(command: ServerCommand): ServerReply {
  switch (command.type) {
    case 'stats':
      return {
        type: 'stats',
        stats: mock.stats,
        requests: [...mock.requests],
        imageRequests: images ? images.requests() : mock.imageRequests.length,
      };
    case 'reset':
      mock.resetStats();
      images?.reset();
      return { type: 'ok' };
    case 'mutate':
      return { type: 'mutated', edits: mutate(command.count, command.round) };
    case 'update':
      for (const { id, ...edit } of command.edits) mock.updateArticle(id, edit);
      return { type: 'ok' };
    case 'rename':
      mock.updateArticle(command.id, { slug: command.slug });
      return { type: 'ok' };
    case 'faults':
      mock.setFaults(command.faults as FaultConfig | undefined);
      return { type: 'ok' };
    default:
      return { type: 'error', message: `unknown command ${JSON.stringify(command)}` };
  }
}

process.on('message', async (message: ServerCommand & { seq: number }) => {
  const reply =
    message.type === 'bare'
      ? { type: 'bare' as const, ...(await startBare(message.path, message.key)) }
      : handle(message);
  process.send?.({ ...reply, seq: message.seq });
});
process.on('disconnect', () => process.exit(0));
process.send?.({
  type: 'ready',
  baseUrl: running.baseUrl,
  port: running.port,
  imageOrigin: images?.origin ?? new URL(running.baseUrl).origin,
  seq: 0,
});
