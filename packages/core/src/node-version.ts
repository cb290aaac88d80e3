/**
 * The Node.js our packages need at build time (undici 8 fails on older versions on every
 * request, deep inside its decompression). Checked where our code starts, so the failure is one
 * line that says what to install.
 */
export const MINIMUM_NODE = '22.19.0';

/** Throws when this process's Node.js is older than MINIMUM_NODE; `who` names what needs it. */
export function checkNodeVersion(who: string, version: string = process.versions.node): void {
  if (!olderThanMinimum(version)) return;
  const error = new Error(
    `${who} needs Node.js ${MINIMUM_NODE} or later, but this is ${version}: install Node.js 22.19+ or 24 (e.g. \`nvm install 24\`) and run it again.`,
  );
  // One line, no trace: where in our code it was checked tells the reader nothing.
  error.stack = `Error: ${error.message}`;
  throw error;
}

function olderThanMinimum(version: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version
    .split('.')
    .map((part) => Number.parseInt(part, 10));
  const [wantMajor, wantMinor, wantPatch] = [22, 19, 0];
  if (major !== wantMajor) return major < wantMajor;
  if (minor !== wantMinor) return minor < wantMinor;
  return patch < wantPatch;
}
