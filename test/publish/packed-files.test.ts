/**
 * What each tarball holds besides code: the licence and changelog package.json promises, every
 * file its README links to (the mock's API contract is copied in at pack time), and no
 * development-only file.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { PACKAGES, type PackedTarball, repoRoot, runTarballs } from './pack.js';

let packed: PackedTarball[];

beforeAll(async () => {
  ({ packed } = await runTarballs());
}, 120_000);

/** The relative link targets of a markdown file (anchors and URLs left out, fragments cut). */
function relativeLinks(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
  return targets
    .filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'))
    .map((t) => t.replace(/#.*$/, '').replace(/^\.\//, ''));
}

describe.each(PACKAGES)('the %s tarball', (dir) => {
  const files = () => {
    const tarball = packed.find((p) => p.name === `@content-read/${dir}`);
    if (!tarball) throw new Error(`npm pack did not pack packages/${dir}`);
    return new Set(tarball.files.map((f) => f.path));
  };

  test('holds LICENSE, CHANGELOG.md and README.md', () => {
    expect([...files()]).toEqual(expect.arrayContaining(['LICENSE', 'CHANGELOG.md', 'README.md']));
  });

  test('holds every file its README links to', async () => {
    const readme = await readFile(join(repoRoot, 'packages', dir, 'README.md'), 'utf8');
    const missing = relativeLinks(readme).filter((target) => !files().has(target));
    expect(missing).toEqual([]);
  });

  test("its README names no file of the repository's tests or scripts", async () => {
    const readme = await readFile(join(repoRoot, 'packages', dir, 'README.md'), 'utf8');
    expect(readme.match(/\b(test|scripts)\/[\w./-]+\.(m?js|ts)\b/g) ?? []).toEqual([]);
  });

  test('holds no development generator', () => {
    expect([...files()].filter((f) => /(^|\/)openapi\.(js|ts|d\.ts)$/.test(f))).toEqual([]);
  });
});

test('the mock tarball holds api-v1.md, copied from docs/ at pack time', () => {
  const mock = packed.find((p) => p.name === '@content-read/mock-server');
  expect(mock?.files.map((f) => f.path)).toContain('api-v1.md');
});
