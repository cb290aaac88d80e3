/**
 * A counting semaphore: at most `limit` requests are in flight per client, whatever
 * mix of listings and pages the caller starts. Waiters leave the queue when aborted.
 */
export class Semaphore {
  #active = 0;
  readonly #queue: Array<() => void> = [];

  constructor(readonly limit: number) {}

  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#active < this.limit) {
      this.#active++;
      return this.#releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = this.#queue.indexOf(grant);
        if (at >= 0) this.#queue.splice(at, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(grant);
    });
    return this.#releaser();
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#queue.shift();
      // Hand the slot straight to the next waiter; the active count stays the same.
      if (next) next();
      else this.#active--;
    };
  }
}
