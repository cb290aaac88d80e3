import type { RetryEvent } from '@content-read/core';
import type { AstroIntegrationLogger } from 'astro';

const PROGRESS_EVERY_MS = 5_000;

/** Counts one collection's sync and tells Astro's logger about it. */
export class SyncReport {
  readonly started = performance.now();
  added = 0;
  updated = 0;
  unchanged = 0;
  removed = 0;
  skipped = 0;
  pages = 0;
  notModified = 0;
  retries = 0;
  #fetched = 0;
  #inRetryBurst = false;
  #lastProgress = performance.now();

  constructor(
    private readonly collection: string,
    private readonly logger: AstroIntegrationLogger,
  ) {}

  onResponse(status: number): void {
    if (status < 400) {
      this.#inRetryBurst = false;
      this.#fetched++;
      this.progress(() => `${this.#fetched} pages fetched…`);
    }
  }

  /** One warning per burst of retries (until a request succeeds again). */
  onRetry(event: RetryEvent): void {
    this.retries++;
    if (this.#inRetryBurst) return;
    this.#inRetryBurst = true;
    const wait = Math.round(event.delayMs / 100) / 10;
    this.logger.warn(
      `${this.collection}: ${event.reason} on ${event.path}; retrying in ${wait}s (${event.retriesLeft} retries left)`,
    );
  }

  /** A progress line at most every few seconds, so long syncs show they are alive. */
  progress(line: () => string): void {
    const now = performance.now();
    if (now - this.#lastProgress < PROGRESS_EVERY_MS) return;
    this.#lastProgress = now;
    this.logger.info(`${this.collection}: ${line()}`);
  }

  summary(entries: number): string {
    const ms = Math.round(performance.now() - this.started);
    const parts = [
      `${entries} entries (${this.added} new, ${this.updated} updated, ${this.removed} removed, ${this.unchanged} unchanged${this.skipped ? `, ${this.skipped} skipped` : ''})`,
      `${this.pages} ${this.pages === 1 ? 'page' : 'pages'}, ${this.notModified} not modified (304)`,
      `${this.retries} ${this.retries === 1 ? 'retry' : 'retries'}`,
      `${ms} ms`,
    ];
    return `${this.collection}: synced ${parts.join(' · ')}`;
  }
}
