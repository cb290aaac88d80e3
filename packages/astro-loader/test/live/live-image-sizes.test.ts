import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FULL_KEY, startMock } from '@content-read/test-support/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlesLiveLoader } from '../../src/live.js';
import { liveImageSizes } from '../../src/live-images.js';
import { startRewritingProxy } from '../helpers/rewriting-proxy.js';
import { UNHURRIED } from './upstreams.js';

/**
 * Live entries get the image dimensions build entries get (body/pipeline.ts, step 4): the
 * authorised images the body leaves unsized are measured, remembered, and never waited for past
 * the call's deadline.
 */
describe('live article images get their missing size', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  let proxy: Awaited<ReturnType<typeof startRewritingProxy>>;
  let held: ReturnType<typeof createServer>;
  let heldOrigin: string;
  let release: () => void = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  const heldRequests: string[] = [];

  beforeAll(async () => {
    mock = await startMock();
    const origin = new URL(mock.baseUrl).origin;
    // An image host that answers only once the test says so.
    held = createServer(async (req, res) => {
      heldRequests.push(req.url ?? '');
      await released;
      const image = await fetch(`${origin}/images/held/${req.url?.split('/').at(-1)}`);
      res.writeHead(image.status, { 'content-type': 'image/png' });
      res.end(Buffer.from(await image.arrayBuffer()));
    });
    await new Promise<void>((done) => held.listen(0, '127.0.0.1', done));
    heldOrigin = `http://127.0.0.1:${(held.address() as AddressInfo).port}`;
    proxy = await startRewritingProxy(mock.baseUrl, (item) => {
      if (item.id === 'art_0002')
        item.html = `<p><img src="${origin}/images/a/300x200.png" alt="a"></p><p><img src="http://localhost:${new URL(origin).port}/images/u/50x50.png" alt="not authorised"></p>`;
      if (item.id === 'art_0007')
        item.html = `<p><img src="${heldOrigin}/images/h/640x480.png" alt="held"></p>`;
    });
  });
  afterAll(async () => {
    release();
    await proxy?.close();
    await mock?.close();
    await new Promise<void>((done) => held?.close(() => done()));
  });

  const load = (options: Parameters<typeof articlesLiveLoader>[0] = {}) =>
    articlesLiveLoader({ baseUrl: proxy.baseUrl, apiKey: FULL_KEY, ...UNHURRIED, ...options });
  const html = async (loader: ReturnType<typeof load>, id: string) => {
    const result = await loader.loadEntry({ collection: 'articles', filter: { id } });
    if (!result || 'error' in result) throw new Error(`no entry ${id}: ${String(result?.error)}`);
    return result.rendered?.html ?? '';
  };

  it('writes the measured size of authorised images in, and never fetches another host', async () => {
    mock.mock.resetStats();
    const loader = load({ images: liveImageSizes({ domains: ['127.0.0.1'] }) });
    const body = await html(loader, 'art_0002');
    expect(body).toContain(
      `/images/a/300x200.png" alt="a" loading="lazy" decoding="async" width="300" height="200">`,
    );
    expect(body).toContain(
      `/images/u/50x50.png" alt="not authorised" loading="lazy" decoding="async">`,
    );
    expect(mock.mock.imageRequests).toEqual(['/images/a/300x200.png']);
    // Remembered: the same URL is not measured again.
    await html(loader, 'art_0002');
    expect(mock.mock.imageRequests).toEqual(['/images/a/300x200.png']);
  });

  it('without the images option, bodies keep the sizes they give and nothing is fetched', async () => {
    mock.mock.resetStats();
    const body = await html(load(), 'art_0002');
    expect(body).not.toContain('width=');
    expect(mock.mock.imageRequests).toEqual([]);
  });

  it('answers within the deadline while an image is measured, and sizes it on a later request', async () => {
    const loader = load({ images: liveImageSizes({ domains: ['127.0.0.1'] }), deadline: 1000 });
    const first = await html(loader, 'art_0007');
    expect(heldRequests.length).toBe(1);
    expect(first).toContain('/images/h/640x480.png" alt="held" loading="lazy" decoding="async">');
    release();
    // The measuring goes on behind the answer; a later request finds the size.
    let later = first;
    for (let i = 0; i < 100 && !later.includes('width='); i++) {
      await new Promise((done) => setTimeout(done, 100));
      later = await html(loader, 'art_0007');
    }
    expect(later).toContain(
      '/images/h/640x480.png" alt="held" loading="lazy" decoding="async" width="640" height="480">',
    );
    expect(heldRequests.length).toBe(1);
  });
});
