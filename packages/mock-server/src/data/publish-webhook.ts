/**
 * The mock's side of a CMS's publish hook: when a test or the demo changes the data, the mock
 * tells a site what changed, as `contentRead({ publish })` expects (`POST`, bearer secret, JSON
 * body naming API ids). Fire and forget, as a CMS would; `settled()` waits for the calls made.
 */

export interface PublishWebhook {
  /** The site's webhook, e.g. http://127.0.0.1:4321/_content-read/publish */
  url: string;
  /** The site's CONTENT_PUBLISH_SECRET. */
  secret: string;
}

/**
 * The JSON body the mock POSTs to a site's publish webhook after an edit: the API ids of the
 * articles or blogs it changed, or `{ all: true }` (a key's change).
 */
export type PublishBody = { articles: string[] } | { blogs: string[] } | { all: true };

export class PublishNotifier {
  #target: PublishWebhook | undefined;
  readonly #inFlight = new Set<Promise<void>>();

  constructor(private readonly log: ((line: string) => void) | undefined) {}

  set target(target: PublishWebhook | undefined) {
    if (target) new URL(target.url);
    this.#target = target;
  }

  notify(body: PublishBody): void {
    const target = this.#target;
    if (!target) return;
    const what = JSON.stringify(body);
    const call = fetch(target.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.secret}`, 'content-type': 'application/json' },
      body: what,
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (response) => {
        await response.body?.cancel();
        this.log?.(`publish ${what} -> ${target.url}: ${response.status}`);
      })
      .catch((error: Error) =>
        this.log?.(`publish ${what} -> ${target.url} failed: ${error.message}`),
      )
      .finally(() => this.#inFlight.delete(call));
    this.#inFlight.add(call);
  }

  /** Resolves once every call made so far has been answered (or has failed). */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }
}
