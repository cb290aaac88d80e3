import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreApiEnvAfterEach } from '../../../../test/support/api-env.js';
import { resolveConnection } from '../../src/config/connection.js';

describe('resolveConnection', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cr-config-'));
    delete process.env.CONTENT_API_URL;
    delete process.env.CONTENT_API_KEY;
  });
  restoreApiEnvAfterEach();
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names both variables when nothing is configured', () => {
    expect(() => resolveConnection({}, dir, 'Collection "articles"')).toThrow(
      'Collection "articles": missing configuration: set CONTENT_API_URL and CONTENT_API_KEY',
    );
  });

  it('names only the missing variable', () => {
    process.env.CONTENT_API_URL = 'http://127.0.0.1:1/api/v1';
    expect(() => resolveConnection({}, dir, 'x')).toThrow(/set CONTENT_API_KEY \(/);
  });

  it('reads .env files in the project root, the process environment winning', async () => {
    await writeFile(
      join(dir, '.env'),
      'CONTENT_API_URL=http://from-file/api/v1\nCONTENT_API_KEY=file-key\n',
    );
    await writeFile(join(dir, '.env.local'), 'CONTENT_API_KEY=local-key\n');
    expect(resolveConnection({}, dir, 'x')).toEqual({
      baseUrl: 'http://from-file/api/v1',
      apiKey: 'local-key',
    });
    process.env.CONTENT_API_KEY = 'env-key';
    expect(resolveConnection({}, dir, 'x').apiKey).toBe('env-key');
  });

  it('lets explicit options win', () => {
    process.env.CONTENT_API_URL = 'http://env/api/v1';
    process.env.CONTENT_API_KEY = 'env-key';
    expect(resolveConnection({ baseUrl: 'http://opt/api/v1', apiKey: 'opt' }, dir, 'x')).toEqual({
      baseUrl: 'http://opt/api/v1',
      apiKey: 'opt',
    });
  });
});
