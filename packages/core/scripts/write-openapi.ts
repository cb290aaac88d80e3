// Regenerates openapi.json from the built schemas: `npm run openapi -w @content-read/core`.
import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument } from '../dist/schema/openapi.js';

const target = new URL('../openapi.json', import.meta.url);
await writeFile(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${target.pathname}`);
