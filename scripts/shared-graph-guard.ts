/**
 * Setup file of the unit projects whose test files share a worker and its module graph
 * (package-projects.ts): a file fails if it leaves behind state the next file in that worker
 * would see, so a result never depends on which files ran before it. The state is then put back,
 * so that only the file that leaked fails. The process-wide state our packages keep on globalThis
 * (registries the sources fill and never empty) is dropped after every file, unreported: each
 * file starts without it, as in a fresh worker.
 */
import { readFileSync } from 'node:fs';
import { afterAll, expect, vi } from 'vitest';

// A module mock cannot apply to a module another file already loaded in the worker.
const MODULE_MOCK = /\bvi\s*\.\s*(?:mock|doMock)\s*\(/;
// Process-wide state our packages keep on globalThis (Symbol.for keys).
const OUR_GLOBAL = /^@content-read\//;
// Vitest's own per-file matcher state.
const VITEST_MATCHERS = Symbol.for('$$jest-matchers-object');

const cwd = process.cwd();
const env = { ...process.env };
const globals = new Map(
  Reflect.ownKeys(globalThis)
    .filter((key) => !(typeof key === 'symbol' && OUR_GLOBAL.test(key.description ?? '')))
    .map((key) => [key, Reflect.get(globalThis, key)]),
);
// Typed as a plain emitter: Process's overloads name each event.
const emitter: NodeJS.EventEmitter = process;
const listening = new Map(emitter.eventNames().map((event) => [event, emitter.listeners(event)]));

afterAll(() => {
  const file = expect.getState().testPath ?? '';
  // Checked first: fake timers replace globals (setTimeout, Date, …), which are then put back.
  const fakeTimers = vi.isFakeTimers();
  vi.useRealTimers();
  const leaks = [
    MODULE_MOCK.test(readFileSync(file, 'utf8')) &&
      'a module mock (vi.mock): name the file *.isolated.test.ts to run it in a worker of its own',
    ...changedEnv(),
    process.cwd() !== cwd && `the working directory (${process.cwd()})`,
    fakeTimers && 'fake timers (call vi.useRealTimers())',
    ...changedGlobals(),
    ...mockedMethods(),
    ...addedListeners().map(({ event }) => `a listener on process for '${String(event)}'`),
  ].filter((leak): leak is string => typeof leak === 'string');
  restore();
  if (leaks.length)
    throw new Error(
      `${file} leaves behind, for the next test file in its worker: ${leaks.join('; ')}. Restore it in afterEach or afterAll.`,
    );
});

function changedEnv(): string[] {
  const names = new Set([...Object.keys(env), ...Object.keys(process.env)]);
  return [...names]
    .filter((name) => env[name] !== process.env[name])
    .map((name) => `process.env.${name}`);
}

function changedGlobals(): string[] {
  const changed = Reflect.ownKeys(globalThis).filter(
    (key) =>
      globals.has(key) &&
      key !== VITEST_MATCHERS &&
      !Object.is(globals.get(key), Reflect.get(globalThis, key)),
  );
  const removed = [...globals.keys()].filter((key) => !Reflect.has(globalThis, key));
  return [...changed, ...removed].map((key) => `globalThis[${String(key)}]`);
}

function mockedMethods(): string[] {
  // A replaced global (vi.spyOn(globalThis, 'fetch'), vi.stubGlobal) is a changed global.
  const owners = {
    console,
    process,
    'process.stdout': process.stdout,
    'process.stderr': process.stderr,
  };
  return Object.entries(owners).flatMap(([name, owner]) =>
    Reflect.ownKeys(owner)
      .filter((key) => vi.isMockFunction(Reflect.get(owner, key)))
      .map((key) => `a mock of ${name}.${String(key)}`),
  );
}

function addedListeners(): { event: string | symbol; listener: (...args: unknown[]) => void }[] {
  return emitter.eventNames().flatMap((event) =>
    emitter
      .listeners(event)
      .filter((listener) => !listening.get(event)?.includes(listener))
      .map((listener) => ({ event, listener: listener as (...args: unknown[]) => void })),
  );
}

function restore(): void {
  for (const { event, listener } of addedListeners()) emitter.off(event, listener);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
  if (process.cwd() !== cwd) process.chdir(cwd);
  for (const key of Reflect.ownKeys(globalThis))
    if (typeof key === 'symbol' && OUR_GLOBAL.test(key.description ?? ''))
      Reflect.deleteProperty(globalThis, key);
  for (const [key, value] of globals)
    if (key !== VITEST_MATCHERS && !Object.is(Reflect.get(globalThis, key), value))
      Reflect.set(globalThis, key, value);
}
