import { describe, expect, it } from 'vitest';
import { bearerMatches, isLoopbackAddress } from '../../src/integration/refresh-webhook.js';

describe('bearerMatches', () => {
  it('accepts exactly "Bearer <secret>"', () => {
    expect(bearerMatches('Bearer s3cret', 's3cret')).toBe(true);
    for (const header of [undefined, '', 's3cret', 'Bearer s3cre', 'Bearer s3cret ', 'bearer x'])
      expect(bearerMatches(header, 's3cret'), String(header)).toBe(false);
  });
});

describe('isLoopbackAddress (the only callers allowed without a secret)', () => {
  it('accepts this machine only', () => {
    for (const address of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [
      undefined,
      '',
      '10.0.0.5',
      '::ffff:192.168.1.2',
      'fe80::1',
      '127.0.0.1.evil',
    ])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});
