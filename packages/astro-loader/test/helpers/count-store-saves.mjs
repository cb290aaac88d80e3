// Preloaded into `astro sync` (node --import): counts the saves of Astro's data store. Astro reads
// data-store.json once when it loads the store, and again on every save (to skip writing a file
// that has not changed), so every read after the first is a save. Printed when the process exits.
import fs from 'node:fs';

let reads = 0;
const readFile = fs.promises.readFile;
fs.promises.readFile = function (path, ...rest) {
  if (String(path).endsWith('data-store.json')) reads++;
  return readFile.call(this, path, ...rest);
};
process.on('exit', () => {
  console.log(`[store-saves] ${Math.max(0, reads - 1)}`);
});
