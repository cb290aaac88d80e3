import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PROXY_ERRORS } from '../../../src/server/proxy/error-codes.js';

describe("the README's table of the proxy's error codes", () => {
  it('lists exactly the codes the proxy can send, each with its status', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('Every error code the proxy sends');
    expect(start).toBeGreaterThan(0);
    const table = readme.slice(start, readme.indexOf('\n\n', readme.indexOf('| status |', start)));
    const rows = [...table.matchAll(/^\| (\d{3}) \| `([a-z_]+)` \|/gm)].map(([, status, code]) => [
      code,
      Number(status),
    ]);
    // errorResponse() takes its status from PROXY_ERRORS, so these are all it can send.
    expect(Object.fromEntries(rows)).toEqual(PROXY_ERRORS);
    expect(rows).toHaveLength(Object.keys(PROXY_ERRORS).length);
  });
});
