#!/usr/bin/env node
// Committed so that npm links the bin at install time, before `npm run build` makes dist/.
// The Node version is checked before the CLI loads: undici throws while loading on older ones.
import { checkNodeVersion } from '../dist/node-version.js';

try {
  checkNodeVersion('content-read');
} catch (problem) {
  process.stderr.write(`content-read: ${problem.message}\n`);
  process.exit(2);
}
await import('../dist/cli.js');
