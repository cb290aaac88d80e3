import { type AddressInfo, createServer } from 'node:net';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { EVENTS } from './xss-public.js';

/** What a page did that article content must never make it do. */
export interface Watched {
  /** Script ran: the page's marker, alert/confirm/prompt/print, or a dialog. */
  executions: number;
  /** Requests other than images/media and top-level navigations (scripts, frames, styles, fetches…). */
  trapRequests: string[];
  /**
   * The step the page neither finished nor navigated away from within the hang guard ('load',
   * 'settle', 'events', 'settle after events'): its counts are not whole.
   */
  hung?: string;
}

// Runs before any page script, in every frame. The functions payloads call to prove they ran, and
// two that the harness waits on instead of sleeping, so that what a page gets to do does not depend
// on how busy the machine is:
// - __xssLoaded(): resolves at the load event, which waits for the page's images, frames, scripts
//   and its media elements' first fetch; or when a payload re-opens the document (open(), or
//   write() outside a script the parser runs), after which no load event comes;
// - __xssSettled(): resolves once what those queued has run (media errors, autofocus, toggles, SMIL
//   and marquee starts, the javascript: URLs of clicked links), through two rendering steps and a
//   task, and then a round trip through the exposed __xssFlush: bindings reach the test in the order
//   the page called them, so every __xssHit the page sent before has been counted.
const HOOKS = `(() => {
  const hit = () => { try { window.__xssHit(-1); } catch {} };
  for (const name of ['alert', 'confirm', 'prompt', 'print'])
    try { Object.defineProperty(window, name, { value: hit, writable: false, configurable: false }); } catch {}
  const define = (name, value) =>
    Object.defineProperty(window, name, { value, writable: false, configurable: false });
  let loaded;
  const loading = new Promise((done) => { loaded = done; });
  window.addEventListener('load', () => loaded(), { once: true });
  for (const name of ['open', 'write', 'writeln']) {
    const original = Document.prototype[name];
    Document.prototype[name] = function (...args) {
      // Re-opening the document ends its load without a load event (and drops the window's
      // listeners): open(), or write() anywhere but in a script the parser runs (an autofocus
      // handler may run while the page is still loading).
      const reopens = name === 'open' || document.readyState !== 'loading' || !document.currentScript;
      if (this === document && reopens) loaded();
      return original.apply(this, args);
    };
  }
  define('__xssLoaded', () => loading.then(() => true));
  const raf = window.requestAnimationFrame.bind(window);
  const Channel = window.MessageChannel;
  const flush = window.__xssFlush;
  const frame = () => new Promise((done) => raf(() => done()));
  const task = () => new Promise((done) => {
    const channel = new Channel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(0);
  });
  define('__xssSettled', async () => {
    await frame();
    await frame();
    await task();
    await flush();
    return true;
  });
})();`;

// Every event a handler could wait for, dispatched on every element; then what a reader does.
const INTERACT = `(() => {
  const events = ${JSON.stringify(EVENTS)};
  for (const el of document.querySelectorAll('*')) {
    for (const type of events) el.dispatchEvent(new Event(type, { bubbles: true }));
    el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    el.focus?.();
    if (el.matches('a, button, input, summary, h1, h2, h3, x, div, form *')) el.click();
  }
})()`;

const LOADED = 'window.__xssLoaded()';
const SETTLED = 'window.__xssSettled()';
/**
 * A hang guard, not a wait: every page here loads from loopback and settles in milliseconds. A
 * page that has not settled by then is reported (`Watched.hung`) for the test to fail on.
 */
const HANG_GUARD_MS = 60_000;

class Hung extends Error {
  constructor(readonly step: string) {
    super(`hung at ${step}`);
  }
}

/** `work`, failing with Hung(step) if it has not ended after HANG_GUARD_MS. */
async function guarded<T>(work: Promise<T>, step = 'blank'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Hung(step)), HANG_GUARD_MS);
  });
  try {
    return await Promise.race([work, hang]);
  } finally {
    clearTimeout(timer);
  }
}

const HARMLESS = new Set(['image', 'media']);
/** The hosts the pages' own servers are on: the only ones the pages reach without the proxy. */
const LOOPBACK = '127.0.0.1,localhost,[::1]';

/**
 * Opens each url, waits for its load and what that set off, fires every event on every element,
 * waits for what that set off, and reports what each did. A few pages at a time, each reused from
 * one url to the next (a fresh page per url costs ten times as much), through about:blank; a page
 * a payload closed is replaced. What the windows a payload opened do counts for it.
 */
export async function watchAll(browser: Browser, urls: string[], parallel = 4): Promise<Watched[]> {
  const results: Watched[] = urls.map(() => ({ executions: 0, trapRequests: [] }));
  const deadEnd = await closingProxy();
  let next = 0;
  const worker = async () => {
    // Nothing leaves the machine: every request but loopback's goes to a proxy that closes each
    // connection, so it is counted (below) and fails at once; no page waits on the network (an
    // unroutable address holds a load event for minutes). Chromium applies this itself, where an
    // interception would stop every request (the pages' own too) on its way through this process.
    const context = await browser.newContext({
      proxy: { server: deadEnd.url, bypass: LOOPBACK },
    });
    let page = await context.newPage();
    let current: Watched | undefined;
    // What a window a payload opened does counts for that payload, whenever it does it.
    const openedBy = new Map<Page, Watched | undefined>();
    context.on('page', (opened) => openedBy.set(opened, current));
    const ownerOf = (p: Page | null | undefined) =>
      p && p !== page && openedBy.has(p) ? openedBy.get(p) : current;
    await context.exposeBinding('__xssHit', ({ page: from }) => {
      const owner = ownerOf(from);
      if (owner) owner.executions++;
    });
    await context.exposeFunction('__xssFlush', () => true);
    await context.addInitScript(HOOKS);
    context.on('dialog', (dialog) => {
      const owner = ownerOf(dialog.page());
      if (owner) owner.executions++;
      dialog.dismiss().catch(() => {});
    });
    context.on('request', (request: Request) => {
      // Following a link is what links are for; frames, scripts, styles, fetches… are not.
      const isPage = request.isNavigationRequest() && !inFrame(request);
      const type = request.resourceType();
      const owner = ownerOf(pageOf(request));
      if (owner && !isPage && !HARMLESS.has(type) && !request.url().endsWith('/favicon.ico'))
        owner.trapRequests.push(`${type} ${request.url()}`);
    });
    for (let i = next++; i < urls.length; i = next++) {
      const watched = results[i] as Watched;
      current = watched;
      try {
        const url = urls[i] ?? '';
        await guarded(page.goto(url, { waitUntil: 'commit', timeout: HANG_GUARD_MS }), 'load');
        await guarded(page.evaluate(LOADED), 'load');
        await guarded(page.evaluate(SETTLED), 'settle');
        await guarded(page.evaluate(INTERACT), 'events');
        await guarded(page.evaluate(SETTLED), 'settle after events');
      } catch (error) {
        // Else a payload navigated the page away or closed it; what it did is recorded already.
        if (error instanceof Hung) watched.hung = error.step;
      }
      // Before the next payload, the page is taken to about:blank: a navigation this one started
      // and that is still pending would otherwise cut the next page's load short, and what it
      // does would count for the next. The first try may be cut short by that navigation itself.
      page = await blank(context, page);
    }
    current = undefined;
    await context.close();
  };
  try {
    await Promise.all(Array.from({ length: parallel }, worker));
  } finally {
    await deadEnd.close();
  }
  return results;
}

/** A server on loopback that closes every connection it gets: the pages' proxy to elsewhere. */
async function closingProxy(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * `page` on about:blank, with every __xssHit its last document sent counted; a new page if it
 * cannot get there (a payload closed it, or keeps navigating it).
 */
async function blank(context: BrowserContext, page: Page): Promise<Page> {
  for (let attempt = 0; attempt < 3 && !page.isClosed(); attempt++) {
    try {
      await guarded(page.goto('about:blank', { timeout: HANG_GUARD_MS }));
      await guarded(page.evaluate(SETTLED));
      return page;
    } catch {
      // Cut short by a navigation still pending: again.
    }
  }
  page.close().catch(() => {});
  return context.newPage();
}

/** The page a request was made for, if it still has one. */
function pageOf(request: Request): Page | undefined {
  try {
    return request.frame().page();
  } catch {
    return undefined;
  }
}

/** Whether a navigation loads a frame inside a page (a link opening a new tab has no frame yet). */
function inFrame(request: Request): boolean {
  try {
    return request.frame().parentFrame() !== null;
  } catch {
    return false;
  }
}
