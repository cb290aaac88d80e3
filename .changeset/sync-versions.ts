// After `changeset version`: the packages' version constants follow their package.json
// (core's VERSION names the User-Agent; tests keep them equal).
import { readFile, writeFile } from 'node:fs/promises';

const root = new URL('../', import.meta.url);
const versionFiles = { core: 'src/version.ts', 'astro-loader': 'src/config/version.ts' };
for (const [pkg, path] of Object.entries(versionFiles)) {
  const dir = new URL(`packages/${pkg}/`, root);
  const { version } = JSON.parse(await readFile(new URL('package.json', dir), 'utf8'));
  const file = new URL(path, dir);
  const source = await readFile(file, 'utf8');
  const pattern = /^(export const \w*VERSION = ')[^']*(';)$/m;
  if (!pattern.test(source)) throw new Error(`No VERSION constant found in ${file.pathname}`);
  await writeFile(file, source.replace(pattern, `$1${version}$2`));
  console.log(`${pkg}: ${path} -> ${version}`);
}
