import { readdirSync, readFileSync } from 'node:fs';

const DIR = new URL('./real-world/bodies/', import.meta.url);

/**
 * The real CMS bodies (real-world/bodies: `<name>.html`, and `<name>.json` saying where it comes
 * from and what the tests expect of it), in file-name order; `Meta` is what a test reads of the
 * JSON.
 */
export function realWorldBodies<Meta extends object>(): (Meta & { name: string; html: string })[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const name = file.slice(0, -'.json'.length);
      const meta = JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as Meta;
      return { name, html: readFileSync(new URL(`${name}.html`, DIR), 'utf8'), ...meta };
    });
}
