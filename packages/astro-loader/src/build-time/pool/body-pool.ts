import type { SanitiseOptions } from '../../body/sanitise/sanitiser.js';
import type { UrlBase } from '../../body/sanitise/urls.js';
import { DIST_FILES, distFile } from '../dist-files.js';
import { type RenderFailure, renderInline } from './inline-render.js';
import {
  defaultSanitiseWorkers,
  type Sanitiser,
  type SanitiserPoolOptions,
} from './pool-options.js';
import { endThreads, type Job, sendBatch, startThread, type Thread } from './pool-thread.js';

/**
 * The body pool of a sync: bodies rendered inline until the sync has enough HTML to pay for
 * threads, then queued and sent to the threads (pool-thread.ts) in batches, the threads grown
 * while bodies with code wait, the main thread rendering what the busy threads leave, and all of
 * it inline again once a thread fails or the pool is closed.
 */

/** Starting a thread costs tens of ms: below ~100 articles of 5 KB, inline is quicker. */
const INLINE_BELOW = 512 * 1024;
/** Bodies per message: few enough to spread a page over the threads, many enough to be cheap. */
const BATCH = 32;
/** Batches a thread holds, so it never waits for the main thread between two. */
const IN_FLIGHT = 2;
/** How long the main thread renders queued bodies at a stretch (see `help`). */
const HELP_SLICE_MS = 2;

export function createSanitiser(options: SanitiserPoolOptions = {}): Sanitiser {
  const size = options.workers ?? defaultSanitiseWorkers();
  const most = options.workers ?? defaultSanitiseWorkers(options.highlighting !== undefined);
  const sanitise: SanitiseOptions = {
    ...(options.allowClasses ? { allowClasses: [...options.allowClasses] } : {}),
    ...(options.embedProviders ? { embedProviders: [...options.embedProviders] } : {}),
  };
  const inline = (html: string, base: UrlBase) => renderInline(html, base, sanitise);
  /** A queued job rendered here, settled with its result or its failure. */
  const settleInline = (job: Job) => {
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

  const startOne = (): Thread =>
    startThread(
      workerUrl,
      { options: sanitise, highlighting: options.highlighting },
      {
        warn: (line) => options.warn?.(line),
        answered: (jobs) => {
          threaded += jobs;
          dispatch();
        },
        failed: (reason) => fail(reason),
      },
    );

  /** Starts the threads; one that cannot even be made (a synchronous throw) is a failed thread. */
  const start = (): Thread[] => {
    const started: Thread[] = [];
    try {
      while (started.length < size) started.push(startOne());
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
    const { held, ended } = endThreads(threads ?? []);
    const jobs = [...held, ...queue];
    queue.length = 0;
    // Each job is settled on its own: one failing render must not leave the others pending.
    for (const job of jobs) settleInline(job);
    await ended;
  };

  /**
   * One more thread when bodies with code wait for one (every thread holds all it may): each
   * thread loads its own Shiki, so a few changed bodies keep to one thread while a cold sync of
   * many gets a thread per core.
   */
  const growFor = (running: Thread[]) => {
    if (running.length >= most || !queue.some((job) => job.code)) return false;
    try {
      running.push(startOne());
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
      settleInline(queue.splice(at, 1)[0] as Job);
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
      sendBatch(thread, nextBatch++, queue.splice(0, Math.max(1, Math.min(BATCH, share))));
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
