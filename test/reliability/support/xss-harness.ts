import type { Browser, Request } from 'playwright-core';
import { EVENTS } from './xss-public.js';

/** What a page did that article content must never make it do. */
export interface Watched {
  /** Script ran: the page's marker, alert/confirm/prompt/print, or a dialog. */
  executions: number;
  /** Requests other than images/media and top-level navigations (scripts, frames, styles, fetches…). */
  trapRequests: string[];
}

// Runs before any page script, in every frame: the functions payloads call to prove they ran.
const HOOKS = `(() => {
  const hit = () => { try { window.__xssHit(-1); } catch {} };
  for (const name of ['alert', 'confirm', 'prompt', 'print'])
    try { Object.defineProperty(window, name, { value: hit, writable: false, configurable: false }); } catch {}
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

const HARMLESS = new Set(['image', 'media']);

/**
 * Opens each url, lets it load, fires every event on every element, and reports what each
 * did. A few pages at a time, each reused from one url to the next (a fresh page per url costs
 * ten times as much); a page a payload closed is replaced.
 */
export async function watchAll(browser: Browser, urls: string[], parallel = 4): Promise<Watched[]> {
  const results: Watched[] = urls.map(() => ({ executions: 0, trapRequests: [] }));
  let next = 0;
  const worker = async () => {
    const context = await browser.newContext();
    let current: Watched | undefined;
    await context.exposeFunction('__xssHit', () => {
      if (current) current.executions++;
    });
    await context.addInitScript(HOOKS);
    context.on('dialog', (dialog) => {
      if (current) current.executions++;
      dialog.dismiss().catch(() => {});
    });
    context.on('request', (request: Request) => {
      // Following a link is what links are for; frames, scripts, styles, fetches… are not.
      const isPage = request.isNavigationRequest() && !inFrame(request);
      const type = request.resourceType();
      if (current && !isPage && !HARMLESS.has(type) && !request.url().endsWith('/favicon.ico'))
        current.trapRequests.push(`${type} ${request.url()}`);
    });
    let page = await context.newPage();
    for (let i = next++; i < urls.length; i = next++) {
      current = results[i];
      if (page.isClosed()) page = await context.newPage();
      try {
        await page.goto(urls[i] ?? '', { timeout: 10_000 });
        await page.waitForTimeout(30);
        await page.evaluate(INTERACT);
        await page.waitForTimeout(100);
      } catch {
        // A payload navigated the page away or closed it; what it did is recorded already.
      }
    }
    current = undefined;
    await context.close();
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

/** Whether a navigation loads a frame inside a page (a link opening a new tab has no frame yet). */
function inFrame(request: Request): boolean {
  try {
    return request.frame().parentFrame() !== null;
  } catch {
    return false;
  }
}
