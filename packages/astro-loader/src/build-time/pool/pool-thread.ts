import { Worker } from 'node:worker_threads';
import type { UrlBase } from '../../body/sanitise/urls.js';
import type { BatchAnswer, SanitiseBatch, ThreadStart } from './body-thread.js';
import type { RenderFailure } from './inline-render.js';
import type { PoolRendered } from './pool-options.js';

/**
 * The pool's threads as the main thread holds them: each a worker running body-thread.ts, sent
 * batches of bodies and answering each batch as a whole. A thread keeps Node running only while
 * it holds a batch, so an idle pool never keeps `astro sync` from exiting. What goes to which
 * thread, and when, is the pool's (body-pool.ts).
 */

/** A body for the pool: queued, held by a thread or rendered inline, until it is settled. */
export interface Job {
  html: string;
  base: UrlBase;
  where: string;
  remembered: ReadonlyMap<string, string> | undefined;
  /** It has code for the threads to highlight. */
  code: boolean;
  done: (result: PoolRendered) => void;
  failed: (error: RenderFailure) => void;
}

export interface Thread {
  worker: Worker;
  /** The batches sent and not answered yet, by number. */
  batches: Map<number, Job[]>;
}

/** What a thread tells the pool. */
export interface ThreadEvents {
  /** A line of its highlighting's warnings. */
  warn(line: string): void;
  /** It answered a batch, whose `jobs` bodies are settled: it may take more. */
  answered(jobs: number): void;
  /** It failed or exited (as it does when the pool ends it). */
  failed(reason: string): void;
}

/** A new thread, idle; it settles the jobs of each batch it answers. */
export function startThread(url: URL, start: ThreadStart, events: ThreadEvents): Thread {
  const thread: Thread = {
    // Not the main thread's flags: `--import` hooks or `--input-type` are not for this thread.
    worker: new Worker(url, { workerData: start, execArgv: [] }),
    batches: new Map(),
  };
  thread.worker.unref();
  thread.worker.on('message', ({ batch, results, warnings }: BatchAnswer) => {
    for (const line of warnings) events.warn(line);
    const jobs = thread.batches.get(batch) ?? [];
    thread.batches.delete(batch);
    if (thread.batches.size === 0) thread.worker.unref();
    for (const [i, job] of jobs.entries()) job.done(results[i] as PoolRendered);
    events.answered(jobs.length);
  });
  thread.worker.on('error', (error) => events.failed(`${error.message}`));
  thread.worker.on('exit', (code) => events.failed(`it exited with code ${code}`));
  return thread;
}

/** Sends `jobs` to the thread as batch number `batch`; it holds Node open until it answers. */
export function sendBatch(thread: Thread, batch: number, jobs: Job[]): void {
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

/** Ends the threads: the jobs they held and had not answered, taken back, and their ending. */
export function endThreads(threads: readonly Thread[]): { held: Job[]; ended: Promise<unknown> } {
  const held = threads.flatMap((thread) => [...thread.batches.values()].flat());
  for (const thread of threads) thread.batches.clear();
  return { held, ended: Promise.all(threads.map((thread) => thread.worker.terminate())) };
}
