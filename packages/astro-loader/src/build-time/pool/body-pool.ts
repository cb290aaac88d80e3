import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { HighlightSettings } from '../../body/highlight/highlighter.js';
import type { SanitisedBody } from '../../body/pipeline.js';
import { renderArticleHtml, type SanitiseOptions } from '../../body/sanitise/sanitiser.js';
import type { UrlBase } from '../../body/sanitise/urls.js';
import { DIST_FILES, distFile } from '../dist-files.js';
import type { SanitiseBatch } from './body-thread.js';

/**
 * A body as the pool rendered it: steps 2–3 of the body pipeline when a thread highlighted its
 * code too (`highlighted`, with the `blocks` it wrote), else step 2 alone.
 */
export type PoolRendered = SanitisedBody;

/** Sanitises article bodies for one sync: on worker threads when that pays, else inline. */
export interface Sanitiser {
  /**
   * One body; `base` is what its relative URLs are relative to (see UrlBase), `where` names it
   * in the warnings of its highlighting, `remembered` holds its last entry's blocks by key.
   */
  render(
    html: string,
    base?: UrlBase,
    where?: string,
    remembered?: ReadonlyMap<string, string>,
  ): Promise<PoolRendered>;
  /** Bodies rendered by a thread so far (the rest were rendered inline). */
  readonly threaded: number;
  /** Stops the threads (so `astro sync` can exit); renders asked for afterwards run inline. */
  close(): Promise<void>;
}

export interface SanitiserPoolOptions extends SanitiseOptions {
  /** Worker threads; 0 renders inline. Default: {@link defaultSanitiseWorkers}. */
  workers?: number;
  /** Told once when a thread fails and the rest of the sync sanitises inline. */
  warn?: (message: string) => void;
  /** HTML (UTF-16 code units) rendered inline before the threads start. */
  inlineBelow?: number;
  /**
   * Whether the main thread renders queued bodies while the threads are busy. Default: true;
   * tests that compare the threads' output with inline turn it off.
   */
  mainThreadHelps?: boolean;
  /** The worker's module; tests point it at a failing one. */
  workerUrl?: URL;
  /**
   * The site's highlighting, for the threads to do with the sanitising (bodies rendered inline
   * are left for the main thread's highlighter). Default: none.
   */
  highlighting?: HighlightSettings;
}

/**
 * One fewer than the cores Node may use (the main thread keeps parsing responses, validating
 * and storing), at most 4: past that the main thread, not sanitising, sets the pace. When the
 * threads highlight code too, one per core: highlighting is then most of the work, and the main
 * thread, waiting on it, leaves its core to them (B11 on two cores: 0.82× and 0.88× with two
 * threads, 0.96× and 0.98× with one, side by side). The pool grows to that only while bodies
 * with code wait for a thread (see `createSanitiser`).
 */
export function defaultSanitiseWorkers(highlighting = false): number {
  const cores = availableParallelism();
  return Math.max(0, Math.min(4, highlighting ? cores : cores - 1));
}

/** Starting a thread costs tens of ms: below ~100 articles of 5 KB, inline is quicker. */
const INLINE_BELOW = 512 * 1024;
/** Bodies per message: few enough to spread a page over the threads, many enough to be cheap. */
const BATCH = 32;
/** Batches a thread holds, so it never waits for the main thread between two. */
const IN_FLIGHT = 2;
/** How long the main thread renders queued bodies at a stretch (see `help`). */
const HELP_SLICE_MS = 2;

/**
 * Our own rendering failed: a fault of the loader, never of the article. A build shows it inside
 * a `ContentReadLoaderError` naming the article: report it; `sanitiseWorkers: 0` works around a
 * fault of the threads.
 */
export class RenderFailure extends Error {
  override readonly name = 'RenderFailure';
}

interface Job {
  html: string;
  base: UrlBase;
  where: string;
  remembered: ReadonlyMap<string, string> | undefined;
  /** It has code for the threads to highlight. */
  code: boolean;
  done: (result: PoolRendered) => void;
  failed: (error: RenderFailure) => void;
}

interface Thread {
  worker: Worker;
  batches: Map<number, Job[]>;
}

export function createSanitiser(options: SanitiserPoolOptions = {}): Sanitiser {
  const size = options.workers ?? defaultSanitiseWorkers();
  const most = options.workers ?? defaultSanitiseWorkers(options.highlighting !== undefined);
  const sanitise: SanitiseOptions = {
    ...(options.allowClasses ? { allowClasses: [...options.allowClasses] } : {}),
    ...(options.embedProviders ? { embedProviders: [...options.embedProviders] } : {}),
  };
  const inline = (html: string, base: UrlBase) => {
    try {
      return renderArticleHtml(html, base === undefined ? sanitise : { ...sanitise, base });
    } catch (error) {
      throw new RenderFailure(error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  };
  /** A queued job rendered here, settled with its result or its failure. */
  const renderInline = (job: Job) => {
    try {
      job.done(inline(job.html, job.base));
    } catch (error) {
      job.failed(error as RenderFailure);
    }
  };
  if (size <= 0)
    return { render: async (html, base) => inline(html, base), threaded: 0, close: async () => {} };

  const workerUrl = options.workerUrl ?? distFile(DIST_FILES.bodyThread);
  const inlineBelow = options.inlineBelow ?? INLINE_BELOW;
  const queue: Job[] = [];
  let threads: Thread[] | undefined;
  let inlineSoFar = 0;
  let nextBatch = 0;
  let threaded = 0;
  let flushing = false;
  // Once a thread has failed (or the pool is closed), everything runs inline.
  let stopped = false;

  const startThread = (): Thread => {
    const thread: Thread = {
      // Not the main thread's flags: `--import` hooks or `--input-type` are not for this thread.
      worker: new Worker(workerUrl, {
        workerData: { options: sanitise, highlighting: options.highlighting },
        execArgv: [],
      }),
      batches: new Map(),
    };
    thread.worker.unref();
    thread.worker.on(
      'message',
      ({
        batch,
        results,
        warnings,
      }: {
        batch: number;
        results: PoolRendered[];
        warnings: string[];
      }) => {
        for (const line of warnings) options.warn?.(line);
        const jobs = thread.batches.get(batch) ?? [];
        thread.batches.delete(batch);
        if (thread.batches.size === 0) thread.worker.unref();
        threaded += jobs.length;
        for (const [i, job] of jobs.entries()) job.done(results[i] as PoolRendered);
        dispatch();
      },
    );
    thread.worker.on('error', (error) => fail(`${error.message}`));
    thread.worker.on('exit', (code) => {
      if (!stopped) fail(`it exited with code ${code}`);
    });
    return thread;
  };

  /** Starts the threads; one that cannot even be made (a synchronous throw) is a failed thread. */
  const start = (): Thread[] => {
    const started: Thread[] = [];
    try {
      while (started.length < size) started.push(startThread());
    } catch (error) {
      threads = started;
      fail(error instanceof Error ? error.message : String(error));
    }
    return started;
  };

  /** A thread failed: finish its work and everything queued inline, stop the others. */
  const fail = (reason: string) => {
    if (stopped) return;
    options.warn?.(
      `A sanitiser thread failed (${reason}); sanitising on the main thread for the rest of this sync. Set sanitiseWorkers: 0 to always do so.`,
    );
    void stop();
  };

  /** Ends the threads; what they or the queue still held is rendered inline. */
  const stop = async () => {
    stopped = true;
    const jobs = [...(threads ?? []).flatMap((t) => [...t.batches.values()].flat()), ...queue];
    queue.length = 0;
    for (const thread of threads ?? []) thread.batches.clear();
    const ending = (threads ?? []).map((thread) => thread.worker.terminate());
    // Each job is settled on its own: one failing render must not leave the others pending.
    for (const job of jobs) renderInline(job);
    await Promise.all(ending);
  };

  /**
   * One more thread when bodies with code wait for one (every thread holds all it may): each
   * thread loads its own Shiki, so a few changed bodies keep to one thread while a cold sync of
   * many gets a thread per core.
   */
  const growFor = (running: Thread[]) => {
    if (running.length >= most || !queue.some((job) => job.code)) return false;
    try {
      running.push(startThread());
      return true;
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
      return false;
    }
  };

  /**
   * While every thread holds all it may, the main thread renders queued bodies itself between
   * its own turns (a slice at a time, so responses and results are read in between): on 2 cores
   * it would otherwise wait about half of a cold sync's listing for the one thread. Bodies with
   * code stay for the threads, which highlight them.
   */
  let helping = false;
  const help = () => {
    helping = false;
    const started = performance.now();
    while (!stopped && performance.now() - started < HELP_SLICE_MS) {
      const at = queue.findIndex((job) => !job.code);
      if (at < 0) return;
      renderInline(queue.splice(at, 1)[0] as Job);
    }
    if (!stopped && queue.length > 0) helpSoon();
  };
  const helpSoon = () => {
    if (helping || options.mainThreadHelps === false) return;
    helping = true;
    setImmediate(help);
  };

  const dispatch = () => {
    if (stopped || !threads) return;
    while (queue.length > 0) {
      const thread = threads.reduce((a, b) => (b.batches.size < a.batches.size ? b : a));
      if (thread.batches.size >= IN_FLIGHT) {
        if (growFor(threads)) continue;
        helpSoon();
        return;
      }
      const share = Math.ceil(queue.length / threads.length);
      const jobs = queue.splice(0, Math.max(1, Math.min(BATCH, share)));
      const batch = nextBatch++;
      thread.batches.set(batch, jobs);
      thread.worker.ref();
      thread.worker.postMessage({
        batch,
        htmls: jobs.map((job) => job.html),
        bases: jobs.map((job) => job.base),
        wheres: jobs.map((job) => job.where),
        remembered: jobs.map((job) => (job.remembered?.size ? [...job.remembered] : undefined)),
      } satisfies SanitiseBatch);
    }
  };

  return {
    get threaded() {
      return threaded;
    },
    render(html, base, where = '', remembered) {
      // Below `inlineBelow`, code too is highlighted inline: on a thread it would compete for
      // the cores with the site's own Markdown, whose Shiki leaves the rest of a line plain
      // past 500 ms, and a small site's bodies differ from its Markdown's.
      if (!stopped && inlineSoFar >= inlineBelow) threads ??= start();
      const code = options.highlighting !== undefined && html.includes('<pre');
      if (stopped || !threads) {
        inlineSoFar += html.length;
        return new Promise((done) => done(inline(html, base)));
      }
      return new Promise((done, failed) => {
        queue.push({ html, base, where, remembered, code, done, failed });
        // Bodies asked for in the same turn go out together.
        if (!flushing) {
          flushing = true;
          queueMicrotask(() => {
            flushing = false;
            dispatch();
          });
        }
      });
    },
    close: stop,
  };
}
