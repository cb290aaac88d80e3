import { describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';
import {
  findChromium,
  isExecutable,
  type Machine,
  NO_BROWSER_MESSAGE,
  registryCovers,
} from './find-chromium.js';
import { registryChromium } from './registry-chromium.js';

const machine = (over: Partial<Machine> & { executables?: string[] } = {}): Machine => ({
  env: { PATH: '/usr/local/bin:/usr/bin' },
  platform: 'linux',
  arch: 'x64',
  isExecutable: (path) => (over.executables ?? []).includes(path),
  registryChromium: async () => '/repo/node_modules/.cache/content-read-chromium/1/chromium',
  ...over,
});

describe('which Chromium the browser tests use', () => {
  it('takes an explicit path first, then a browser on the PATH, then the registry one', async () => {
    const everything = ['/opt/chrome', '/usr/bin/chromium'];
    expect(
      await findChromium(
        machine({
          executables: everything,
          env: { PATH: '/usr/bin', CONTENT_READ_CHROMIUM_PATH: '/opt/chrome' },
        }),
      ),
    ).toEqual({ ok: true, source: 'env', executablePath: '/opt/chrome' });
    expect(
      await findChromium(
        machine({
          executables: everything,
          env: { PATH: '/usr/bin', CHROMIUM_PATH: '/opt/chrome' },
        }),
      ),
    ).toMatchObject({
      source: 'env',
    });
    expect(await findChromium(machine({ executables: everything }))).toEqual({
      ok: true,
      source: 'system',
      executablePath: '/usr/bin/chromium',
    });
    expect(await findChromium(machine())).toMatchObject({ ok: true, source: 'registry' });
  });

  it('CONTENT_READ_CHROMIUM=registry uses the registry browser even when the machine has one', async () => {
    const env = {
      PATH: '/usr/bin',
      CONTENT_READ_CHROMIUM: 'registry',
      CHROMIUM_PATH: '/usr/bin/chromium',
    };
    expect(await findChromium(machine({ env, executables: ['/usr/bin/chromium'] }))).toMatchObject({
      source: 'registry',
    });
  });

  it('says what is wrong with an explicit path that holds no executable, instead of looking elsewhere', async () => {
    const choice = await findChromium(
      machine({ env: { CONTENT_READ_CHROMIUM_PATH: '/nope' }, executables: ['/usr/bin/chromium'] }),
    );
    expect(choice).toEqual({
      ok: false,
      message: expect.stringContaining('CONTENT_READ_CHROMIUM_PATH is /nope'),
    });
  });

  it('where the registry has no binary and the machine no browser, says exactly what to install', async () => {
    const choice = await findChromium(machine({ platform: 'darwin', arch: 'arm64' }));
    expect(choice).toEqual({ ok: false, message: NO_BROWSER_MESSAGE('darwin', 'arm64') });
    expect(NO_BROWSER_MESSAGE('darwin', 'arm64')).toMatch(
      /Install Google Chrome .* or set CONTENT_READ_CHROMIUM_PATH/,
    );
    await expect(launchChromium(choice)).rejects.toThrow(NO_BROWSER_MESSAGE('darwin', 'arm64'));
  });
});

// Every run, CI's included, drives the browser a fresh machine gets, even on machines
// that have a Chromium of their own (the suites then use that one).
describe('the Chromium shipped in @sparticuz/chromium', () => {
  it('launches and runs a page where the package covers the platform (else says what to install)', async () => {
    const choice = await findChromium({
      env: { CONTENT_READ_CHROMIUM: 'registry' },
      platform: process.platform,
      arch: process.arch,
      isExecutable,
      registryChromium,
    });
    if (!registryCovers(process.platform, process.arch)) {
      expect(choice).toEqual({
        ok: false,
        message: NO_BROWSER_MESSAGE(process.platform, process.arch),
      });
      return;
    }
    expect(choice).toMatchObject({ ok: true, source: 'registry' });
    const browser = await launchChromium(choice);
    try {
      const page = await browser.newPage();
      await page.setContent('<h1>fresh</h1><script>document.title = "scripts run"</script>');
      expect(await page.title()).toBe('scripts run');
      expect(await page.textContent('h1')).toBe('fresh');
    } finally {
      await browser.close();
    }
  });
});
