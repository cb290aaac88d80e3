import { describe, expect, it } from 'vitest';
import { windowedLog } from '../../../src/server/proxy/log-window.js';

describe('windowedLog', () => {
  it('writes the first line of a cause at once, counts the rest of its window, and says the count with the next line after it', () => {
    let now = 0;
    const lines: string[] = [];
    const log = windowedLog(
      (line) => lines.push(line),
      60_000,
      () => now,
    );
    for (let i = 0; i < 100; i++) log('upstream_timeout', `timeout ${i}`);
    log('proxy_busy', 'busy');
    expect(lines).toEqual(['timeout 0', 'busy']);
    now = 60_000;
    log('upstream_timeout', 'timeout again');
    log('upstream_timeout', 'timeout held');
    expect(lines).toEqual([
      'timeout 0',
      'busy',
      'timeout again (99 more like it in the 60 s before)',
    ]);
  });
});
