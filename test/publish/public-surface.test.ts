import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from './pack.js';
import { PUBLIC_SURFACE } from './public-surface.js';

test.each(Object.entries(PUBLIC_SURFACE))(
  '%s exports exactly what its README documents',
  async (entry, { readme, exports }) => {
    const module = (await import(entry)) as Record<string, unknown>;
    expect(Object.keys(module).sort()).toEqual([...exports].sort());
    const text = await readFile(join(repoRoot, readme), 'utf8');
    const undocumented = exports.filter((name) => !new RegExp(`\\b${name}\\b`).test(text));
    expect(undocumented, `${readme} should name every export`).toEqual([]);
  },
);
