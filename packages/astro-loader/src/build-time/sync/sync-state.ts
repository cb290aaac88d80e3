import type { HeldPage } from '@content-read/core';
import type { MetaStore } from 'astro/loaders';

/** What one page produced in the last sync, kept with its ETag. */
export interface HeldPageState extends HeldPage {
  /** Entry ids stored from this page (filtered-out and skipped items are not here). */
  kept: string[];
  /** Items of this page skipped as invalid. */
  skipped: number;
  /** Of those, the ones core's wire schema refused (not among the held items). */
  invalid?: number;
}

/** The loader's sync state, stored as JSON in Astro's per-collection meta store. */
export interface SyncState {
  /** Loader version + options digest; a different value means: forget the ETags. */
  version: string;
  pages: Record<string, HeldPageState>;
}

const KEY = 'content-read-sync-state';

export function readState(meta: MetaStore): SyncState | undefined {
  const raw = meta.get(KEY);
  if (!raw) return undefined;
  try {
    const state = JSON.parse(raw) as SyncState;
    return typeof state.version === 'string' && typeof state.pages === 'object' ? state : undefined;
  } catch {
    return undefined; // a corrupt state only costs a full sync
  }
}

/**
 * Stores the state only when it changed: any `meta.set` marks Astro's data store dirty, and
 * Astro then re-serialises the whole store (seconds at 10,000 articles) even after an all-304 sync.
 */
export function writeState(meta: MetaStore, state: SyncState): void {
  const next = JSON.stringify(state);
  if (meta.get(KEY) !== next) meta.set(KEY, next);
}

/**
 * Keeps Astro from saving its data store in the middle of a sync. Astro saves the whole store (a
 * full re-serialisation, about a second at 10,000 articles) 500 ms after its last change, and
 * changes it itself just before the loaders run; a sync that takes longer and then stores what
 * changed would have the store saved twice, once with nothing of ours in it. Setting our state to
 * the value it already holds restarts that wait without changing the store, so Astro saves once,
 * after the sync. Returns the function that stops it (call it once the sync is over).
 */
export function deferStoreSave(meta: MetaStore, everyMs = 200): () => void {
  const timer = setInterval(() => {
    const current = meta.get(KEY);
    if (current !== undefined) meta.set(KEY, current);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The ETags to send back, or none when the options changed or the store lost entries. */
export function usablePages(
  state: SyncState | undefined,
  version: string,
  has: (id: string) => boolean,
): Record<string, HeldPageState> {
  if (!state || state.version !== version) return {};
  const complete = Object.values(state.pages).every((page) => page.kept.every(has));
  return complete ? state.pages : {};
}
