import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restoreApiEnvAfterEach } from '@content-read/test-support/api-env';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConnection } from '../../src/build-time/config/connection.js';
import { clearEnvContext, setEnvContext } from '../../src/build-time/config/env.js';
import { runtimeConnection, setRuntimeVariables } from '../../src/shared/connection.js';
import { MissingConnectionError } from '../../src/shared/errors.js';

describe('resolveConnection', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cr-config-'));
    delete process.env.CONTENT_API_URL;
    delete process.env.CONTENT_API_KEY;
  });
  restoreApiEnvAfterEach();
  afterEach(async () => {
    clearEnvContext();
    await rm(dir, { recursive: true, force: true });
  });

  it('names both variables when nothing is configured', async () => {
    await expect(resolveConnection({}, dir, 'Collection "articles"')).rejects.toThrow(
      'Collection "articles": missing configuration: set CONTENT_API_URL and CONTENT_API_KEY',
    );
  });

  it('throws a MissingConnectionError naming the .env files of the mode and the envDir it read', async () => {
    setEnvContext({ mode: 'staging', envDir: join(dir, 'env') });
    const error = await resolveConnection({}, dir, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingConnectionError);
    expect((error as Error).message).toContain(`in .env or .env.staging in ${join(dir, 'env')}`);
  });

  it.each([
    ['/api/v2', 'got path "/api/v2"'],
    ['/cms', 'got path "/cms"'],
    ['', 'got path "/"'],
  ])(
    'refuses CONTENT_API_URL ending in "%s" in one line naming the variable and the right address',
    async (path, got) => {
      process.env.CONTENT_API_URL = `https://cms.example${path}`;
      process.env.CONTENT_API_KEY = 'canary-connection-key';
      const error = await resolveConnection({}, dir, 'Collection "articles"').catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MissingConnectionError);
      expect((error as Error).message).toBe(
        `Collection "articles": CONTENT_API_URL must end in /api/v1, ${got}. Did you mean https://cms.example${path === '/cms' ? '/cms' : ''}/api/v1 ?`,
      );
    },
  );

  it('names only the missing variable', async () => {
    process.env.CONTENT_API_URL = 'http://127.0.0.1:1/api/v1';
    await expect(resolveConnection({}, dir, 'x')).rejects.toThrow(/set CONTENT_API_KEY \(/);
  });

  it('reads .env files in the project root, the process environment winning', async () => {
    await writeFile(
      join(dir, '.env'),
      'CONTENT_API_URL=https://from-file/api/v1\nCONTENT_API_KEY=file-key\n',
    );
    await writeFile(join(dir, '.env.local'), 'CONTENT_API_KEY=local-key\n');
    expect(await resolveConnection({}, dir, 'x')).toEqual({
      baseUrl: 'https://from-file/api/v1',
      apiKey: 'local-key',
    });
    process.env.CONTENT_API_KEY = 'env-key';
    expect((await resolveConnection({}, dir, 'x')).apiKey).toBe('env-key');
  });

  it('lets explicit options win', async () => {
    process.env.CONTENT_API_URL = 'https://env/api/v1';
    process.env.CONTENT_API_KEY = 'env-key';
    expect(
      await resolveConnection({ baseUrl: 'https://opt/api/v1', apiKey: 'opt' }, dir, 'x'),
    ).toEqual({
      baseUrl: 'https://opt/api/v1',
      apiKey: 'opt',
    });
  });

  it('expands variables in .env files like Vite (CONTENT_API_URL=$HOST/api/v1)', async () => {
    await writeFile(
      join(dir, '.env'),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the .env expansion syntax itself
      'HOST=https://from-host:4321\nCONTENT_API_URL=${HOST}/api/v1\nCONTENT_API_KEY=k\n',
    );
    expect((await resolveConnection({}, dir, 'x')).baseUrl).toBe('https://from-host:4321/api/v1');
  });

  it('reads the .env files of the mode and of envDir', async () => {
    await mkdir(join(dir, 'env'));
    await writeFile(
      join(dir, 'env/.env'),
      'CONTENT_API_URL=https://base/api/v1\nCONTENT_API_KEY=base\n',
    );
    await writeFile(join(dir, 'env/.env.staging'), 'CONTENT_API_KEY=staging-key\n');
    await writeFile(join(dir, '.env'), 'CONTENT_API_KEY=root-key\n');
    setEnvContext({ mode: 'staging', envDir: join(dir, 'env') });
    expect(await resolveConnection({}, dir, 'x')).toEqual({
      baseUrl: 'https://base/api/v1',
      apiKey: 'staging-key',
    });
  });

  it('refuses http: to another host in one line naming the variable, unless allowInsecureHttp is set', async () => {
    process.env.CONTENT_API_URL = 'http://content.internal/api/v1';
    process.env.CONTENT_API_KEY = 'cr_canary_key_0123456789';
    const refused = resolveConnection({}, dir, 'Collection "articles"');
    await expect(refused).rejects.toThrow(MissingConnectionError);
    await expect(refused).rejects.toThrow(
      /^Collection "articles": CONTENT_API_URL uses http: to content\.internal, which would send the key in clear text.*https:\/\/content\.internal\/api\/v1.*allowInsecureHttp: true/,
    );
    const error = await refused.then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).not.toContain('\n');
    await expect(
      resolveConnection({ allowInsecureHttp: true }, dir, 'Collection "articles"'),
    ).resolves.toEqual({
      baseUrl: 'http://content.internal/api/v1',
      apiKey: 'cr_canary_key_0123456789',
    });
  });

  it('without a known context, envDir is taken relative to the root', async () => {
    await mkdir(join(dir, 'env'));
    await writeFile(
      join(dir, 'env/.env'),
      'CONTENT_API_URL=https://dir/api/v1\nCONTENT_API_KEY=d\n',
    );
    expect(await resolveConnection({}, dir, 'x', 'env')).toEqual({
      baseUrl: 'https://dir/api/v1',
      apiKey: 'd',
    });
  });
});

describe('runtimeConnection (the proxy and the live loaders, in the deployed server)', () => {
  beforeEach(() => {
    delete process.env.CONTENT_API_URL;
    delete process.env.CONTENT_API_KEY;
  });
  restoreApiEnvAfterEach();
  afterEach(() => setRuntimeVariables(undefined));
  const noFix = () => '';

  it("reads the variables through the reader contentRead()'s middleware registers (astro:env)", () => {
    const vars: Record<string, string> = {
      CONTENT_API_URL: 'http://astro-env/api/v1',
      CONTENT_API_KEY: 'from-astro-env',
    };
    setRuntimeVariables((name) => vars[name]);
    expect(runtimeConnection({}, 'x', noFix)).toEqual({
      baseUrl: 'http://astro-env/api/v1',
      apiKey: 'from-astro-env',
    });
  });

  it('falls back to process.env where the reader has no value, and options win over both', () => {
    setRuntimeVariables(() => undefined);
    process.env.CONTENT_API_URL = 'http://process/api/v1';
    process.env.CONTENT_API_KEY = 'from-process';
    expect(runtimeConnection({}, 'x', noFix).baseUrl).toBe('http://process/api/v1');
    expect(runtimeConnection({ apiKey: 'opt' }, 'x', noFix).apiKey).toBe('opt');
  });

  it('names what is missing, where, and how to fix it, in one line', () => {
    const error = (() => {
      try {
        return runtimeConnection({}, 'Content proxy', () => ', or pass apiKey');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MissingConnectionError);
    expect((error as Error).message).toBe(
      "Content proxy: missing configuration: set CONTENT_API_URL and CONTENT_API_KEY in the server's environment (the platform's variables or secrets: .env files are read at build time only), or pass apiKey.",
    );
  });
});
