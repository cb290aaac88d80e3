/**
 * For tests that set CONTENT_API_URL / CONTENT_API_KEY in their own process: call once in a
 * describe (or at the top of a file); after each test both are as they were before it.
 */
import { afterEach } from 'vitest';

export function restoreApiEnvAfterEach(): void {
  const saved = { url: process.env.CONTENT_API_URL, key: process.env.CONTENT_API_KEY };
  afterEach(() => {
    for (const [name, value] of [
      ['CONTENT_API_URL', saved.url],
      ['CONTENT_API_KEY', saved.key],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
