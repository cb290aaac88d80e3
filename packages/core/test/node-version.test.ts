import { describe, expect, it } from 'vitest';
import { checkNodeVersion } from '../src/internal.js';

describe('checkNodeVersion', () => {
  it('accepts 22.19.0 and anything newer', () => {
    for (const version of ['22.19.0', '22.20.1', '23.0.0', '24.9.0', '30.0.0'])
      expect(() => checkNodeVersion('x', version), version).not.toThrow();
  });

  it('refuses older versions in one line naming who needs it, what runs and what to install', () => {
    for (const version of ['20.20.2', '22.18.9', '18.0.0']) {
      const error = (() => {
        try {
          checkNodeVersion('content-read', version);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error?.message).toBe(
        `content-read needs Node.js 22.19.0 or later, but this is ${version}: install Node.js 22.19+ or 24 (e.g. \`nvm install 24\`) and run it again.`,
      );
      expect(error?.stack?.split('\n')).toHaveLength(1);
    }
  });
});
