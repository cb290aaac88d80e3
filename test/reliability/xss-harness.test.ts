import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { watchAll } from './support/xss-harness.js';

// The hostile-HTML harness waits for events, never for time: a page that re-opens its document
// while it is still loading gets no load event, and must not count as hung. Here the parser waits
// on a script that never comes, and an autofocus handler writes to the document meanwhile (the
// public corpus's h5sc items.js id 7 did so now and then, when its focus came before the load).
it('a page whose autofocus handler re-opens the document while it loads is watched to the end, not hung', async () => {
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/never.js') return void held.push(res);
    res.setHeader('content-type', 'text/html');
    res.end(
      '<!doctype html><html><body><input onfocus=write(1) autofocus><script src="/never.js"></script></body></html>',
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const browser = await launchChromium();
  try {
    const [watched] = await watchAll(browser, [`http://127.0.0.1:${port}/`], 1);
    expect(watched?.hung).toBeUndefined();
  } finally {
    await browser.close();
    for (const res of held) res.end();
    server.close();
  }
}, 120_000);
