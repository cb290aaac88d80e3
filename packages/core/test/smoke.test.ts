import { expect, test } from 'vitest';
import { VERSION } from '../src/index.js';

test('version is a semver string', () => {
  expect(VERSION).toMatch(/^\d+\.\d+\.\d+$/);
});
