// Preloaded into `astro sync` (node --import): counts the saves of Astro's data store and prints
// them when the process exits. Every save (Astro's data-store-writer) first reads data-store.json
// back, to skip writing a file that has not changed; the read that loads the store is not counted.
import fs from 'node:fs';

let saves = 0;
const readFile = fs.promises.readFile;
fs.promises.readFile = function (path, ...rest) {
  if (String(path).endsWith('data-store.json') && new Error().stack?.includes('data-store-writer'))
    saves++;
  return readFile.call(this, path, ...rest);
};
process.on('exit', () => {
  console.log(`[store-saves] ${saves}`);
});
