import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { USER_AGENT, VERSION } from '../src/version.js';

it("VERSION is package.json's version, and the User-Agent names it", async () => {
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  expect(VERSION).toBe(pkg.version);
  expect(USER_AGENT).toBe(`content-read-core/${pkg.version}`);
});
