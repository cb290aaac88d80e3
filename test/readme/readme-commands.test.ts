/**
 * The README commands, run as a newcomer would: in a fresh clone of this commit (the working
 * tree's tracked files), from the folder the README says, with the machine's npm and Node first
 * on the PATH (not this run's). `npm ci` is replaced by a hard-linked copy of this checkout's
 * node_modules, whose workspace links are relative and so point into the clone; `npm ci` itself
 * is what `.ci/run` does on every CI run. `npm test` cannot run inside itself: CI runs it; the
 * bench, soak and release commands are left to their own runs; `npm run docs` is run by the
 * docs site's test (test/docs/docs-site.test.ts), which reads the site it serves.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, run } from '../publish/pack.js';
import { type ListeningChild, startListening } from '../support/listening-child.js';

let root: string;
let clone: string;
// The snapshot is a commit, which needs an identity even where none is configured.
const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'readme test',
  GIT_AUTHOR_EMAIL: 'readme-test@localhost',
  GIT_COMMITTER_NAME: 'readme test',
  GIT_COMMITTER_EMAIL: 'readme-test@localhost',
};

/** The environment of a shell on this machine: no npm_* variables, no node_modules/.bin on PATH. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && !name.startsWith('CONTENT_API_') && !name.startsWith('VITEST'))
      env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(delimiter);
  env.ASTRO_TELEMETRY_DISABLED = '1';
  return { ...env, ...extra };
}

const inClone = (command: string, args: string[], extra?: Record<string, string>) =>
  run(command, args, clone, userEnv(extra));

beforeAll(async () => {
  // On disk, where the checkout's node_modules can be hard-linked (the run's own temporary
  // folder may be in memory: scripts/memory-tmpdir.ts).
  root = await mkdtemp(
    join(process.env.CONTENT_READ_DISK_TMPDIR ?? tmpdir(), 'content-read-readme-'),
  );
  clone = join(root, 'repo');
  // A commit of the working tree's tracked files (HEAD's tree when nothing is changed), built
  // on a private index file: `git stash create` takes the checkout's index.lock, which other
  // test files running git or npm pack at the same moment can hold.
  const index = join(root, 'index');
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, ...GIT_IDENTITY, GIT_INDEX_FILE: index },
    }).trim();
  git('read-tree', 'HEAD');
  git('add', '--update');
  const commit = git('commit-tree', git('write-tree'), '-p', 'HEAD', '-m', 'readme test snapshot');
  execFileSync('git', ['clone', '--quiet', '--no-checkout', repoRoot, clone]);
  execFileSync('git', ['fetch', '--quiet', repoRoot, commit], { cwd: clone });
  execFileSync('git', ['checkout', '--quiet', commit], { cwd: clone });
  try {
    execFileSync('cp', ['-al', join(repoRoot, 'node_modules'), join(clone, 'node_modules')]);
  } catch {
    // Hard links cannot cross file systems (a tmpfs /tmp): copy instead.
    await rm(join(clone, 'node_modules'), { recursive: true, force: true });
    execFileSync('cp', ['-a', join(repoRoot, 'node_modules'), join(clone, 'node_modules')]);
  }
  await rm(join(clone, 'node_modules/.cache'), { recursive: true, force: true });
  await rm(join(clone, 'node_modules/.astro'), { recursive: true, force: true });
  await inClone('npm', ['run', 'build']);
}, 300_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

// The commands touch different things of the clone (bins, the core package's tests and the
// format check on tracked files, the playground's build), so they run side by side.
describe.concurrent('README commands from a fresh clone', () => {
  it("npx content-read and npx content-read-mock run the clone's own bins after npm run build", async () => {
    const doctor = await inClone('npx', ['content-read', 'doctor', '--help']);
    expect(doctor.output).toContain('Usage: content-read doctor');
    const mock = await inClone('npx', ['content-read-mock', '--help']);
    expect(mock.output).toContain('Usage: content-read-mock');
    const bin = await realpath(join(clone, 'node_modules/.bin/content-read'));
    expect(bin).toBe(join(await realpath(clone), 'packages/core/bin/content-read.js'));
  });

  it('the mock server README recipe: start content-read-mock, --wait for it, doctor against it, stop', async () => {
    const server = await start('npx', ['content-read-mock', '--port', '0', '--quiet'], {
      listening: /listening on (http:\/\/\S+)/,
    });
    try {
      const baseUrl = server.url;
      const ready = await inClone('npx', ['content-read-mock', '--wait', baseUrl]);
      expect(ready.output).toContain(`Content Read API ready at ${baseUrl}`);
      const api = { CONTENT_API_URL: baseUrl, CONTENT_API_KEY: 'demo-full-access-key' };
      const doctor = await inClone('npx', ['content-read', 'doctor'], api);
      expect(doctor.output).toContain('No problem found.');
    } finally {
      await server.stop();
    }
  });

  it("the table's npm test -w <package> runs that package's tests; npm run format finds nothing to change", async () => {
    const core = await inClone('npm', ['test', '-w', '@content-read/core']);
    // (run() has already failed the test if the command exited non-zero)
    const plain = stripVTControlCharacters(core.output);
    expect(plain).toMatch(/Test Files +\d+ passed \(\d+\)/);
    expect(plain).not.toMatch(/Test Files .*(failed|skipped)/);
    await inClone('npm', ['run', 'format']);
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: clone,
      encoding: 'utf8',
    });
    expect(changed).toBe('');
  }, 300_000);

  it('npm run demo prints where the site is and the demo keys, and serves it', async () => {
    const demo = await start('npm', ['run', 'demo'], {
      listening: /Content Read Playground, built and served in [\d.]+ s:\s+(http:\/\/\S+)/,
      extra: { PORT: '0' },
    });
    try {
      const url = demo.url;
      await demo.waitFor(/Ctrl-C to stop/);
      expect(demo.output()).toContain('demo-full-access-key');
      expect(demo.output()).toContain('demo-other-workspace-key');
      const home = await fetch(url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Northwind');
    } finally {
      await demo.stop();
    }
  }, 300_000);
});

/**
 * A long-running command in the clone, once it prints where it listens; stopped with SIGTERM to
 * its whole process group (an npm script's chain).
 */
function start(
  command: string,
  args: string[],
  { listening, extra }: { listening: RegExp; extra?: Record<string, string> },
): Promise<ListeningChild> {
  return startListening(command, args, { cwd: clone, env: userEnv(extra), group: true }, listening);
}
