import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readExports } from '../../docs/scripts/api-reference.ts';
import { repoRoot } from './pack.js';
import { PUBLIC_SURFACE } from './public-surface.js';

const reference = readExports();

test.each(Object.entries(PUBLIC_SURFACE))(
  '%s exports exactly what its reference documents',
  async (entry, { readme, exports }) => {
    const module = (await import(entry)) as Record<string, unknown>;
    expect(Object.keys(module).sort()).toEqual([...exports].sort());
    if (readme) {
      // Core's internal entries: named in its README, left out of the docs site's reference.
      const text = await readFile(join(repoRoot, readme), 'utf8');
      const undocumented = exports.filter((name) => !new RegExp(`\\b${name}\\b`).test(text));
      expect(undocumented, `${readme} should name every export`).toEqual([]);
    } else {
      const listed = new Set(reference.filter((e) => e.from === entry).map((e) => e.name));
      const unlisted = exports.filter((name) => !listed.has(name));
      expect(unlisted, `the docs' exports reference should list every export of ${entry}`).toEqual(
        [],
      );
    }
  },
);
