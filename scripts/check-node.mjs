// npm runs scripts with node_modules/.bin first on PATH, so `node` here is the
// Node the repository brings (the `node` devDependency), not the machine's.
// Fail early and clearly if that did not happen (for example after `npm ci --ignore-scripts`).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `This repository needs Node >= 22.19 for its scripts, but ${process.execPath} is ${process.version}.\n` +
      'Run the scripts through npm (npm test, npm run ...) after `npm ci`, which installs Node 24 ' +
      'into node_modules/.bin through the `node` devDependency.',
  );
  process.exit(1);
}
