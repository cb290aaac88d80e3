#!/usr/bin/env node
// Committed so that npm links the bin at install time, before `npm run build` makes dist/.
import '../dist/cli.js';
