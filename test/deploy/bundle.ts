/**
 * What a built server ships, read file by file: which build-tool packages it holds, where it
 * holds the build machine's paths, its size, and where a secret appears.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ShippedFile {
  /** Relative to the folder that was read. */
  path: string;
  bytes: Buffer;
}

/** Every file under `dir` (empty if it does not exist). */
export async function readTree(dir: string): Promise<ShippedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: ShippedFile[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    files.push({ path: relative(dir, full), bytes: await readFile(full) });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** The packages no deployed server may carry: build tools (and, off Node, undici). */
export type Banned = 'vite' | 'esbuild' | 'rolldown' | 'undici';

function familyOf(name: string): Banned | undefined {
  if (name === 'vite' || name === 'undici' || name === 'esbuild' || name === 'rolldown') {
    return name;
  }
  if (name.startsWith('@esbuild/')) return 'esbuild';
  if (name.startsWith('@rolldown/')) return 'rolldown';
  return undefined;
}

const PACKAGE_DIR = /node_modules\/((?:@[^/\s"']+\/)?[^/\s"']+)\//;
// Bundlers name each module's origin in a comment line: `// ../node_modules/vite/dist/x.js`, or
// relative to node_modules itself: `// ../../vite/dist/x.js`.
const ORIGIN_COMMENT =
  /^\s*\/\/(?:#region)?\s+(?:\S*?node_modules\/|(?:\.\.\/)+)((?:@[^/\s]+\/)?[^/\s]+)\//;
// An import of a package left external: `from "vite"`, `import("vite")`, `require('vite/x')`.
const IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']((?:@[^/"']+\/)?[^/"'.][^/"']*)/g;

/**
 * Where each banned package is: an import of it (from our output or from another package), a
 * shipped file inside node_modules/<package>/, a source map listing a module of it, or a
 * bundler's origin comment naming it. Returns package → the first few places, imports first
 * (they say who brought it in).
 */
export function bannedPackages(files: ShippedFile[]): Map<Banned, string[]> {
  const imports = new Map<Banned, string[]>();
  const others = new Map<Banned, string[]>();
  const note = (into: Map<Banned, string[]>, name: string, where: string) => {
    const family = familyOf(name);
    if (!family) return;
    const places = into.get(family) ?? [];
    if (places.length < 3 && !places.includes(where)) places.push(where);
    into.set(family, places);
  };
  for (const { path, bytes } of files) {
    const inPackage = PACKAGE_DIR.exec(path)?.[1];
    if (inPackage && familyOf(inPackage)) {
      note(others, inPackage, path);
      continue;
    }
    if (path.endsWith('.map')) {
      const sources = (JSON.parse(bytes.toString('utf8')) as { sources?: string[] }).sources ?? [];
      for (const source of sources) {
        const name = PACKAGE_DIR.exec(source)?.[1];
        if (name) note(others, name, `${path} (source ${source.replace(/^(\.\.\/)+/, '')})`);
      }
      continue;
    }
    if (!/\.(m|c)?js$/.test(path)) continue;
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, i) => {
        const origin = ORIGIN_COMMENT.exec(line)?.[1];
        if (origin) note(others, origin, `${path}:${i + 1} (bundled)`);
        // Doc comments of bundled code quote imports too; only code counts here.
        if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
        for (const m of line.matchAll(IMPORT)) {
          if (m[1]) note(imports, m[1], `${path}:${i + 1} imports ${m[1]}`);
        }
      });
  }
  const found = new Map<Banned, string[]>();
  for (const family of new Set([...imports.keys(), ...others.keys()])) {
    found.set(family, [...(imports.get(family) ?? []), ...(others.get(family) ?? [])].slice(0, 3));
  }
  return found;
}

// What Astro and its adapters write into every server build, bare or not: Astro's serialized
// manifest and each page component's file name, and where @astrojs/node finds the client files
// (its virtual config's `client` and `server`).
// The check is about everything else.
const ASTRO_OWN = [
  /"rootDir":"file:\/\//,
  /\$\$file = "/,
  /^\}, "[^"]+", void 0\);$/,
  /^var (outDir|serverDir) = \/\* #__PURE__ \*\/ new URL\("file:\/\//,
  /^var (client|server) = "file:\/\//,
];

/** `file:line` of every line holding `root` (an absolute path) outside Astro's own forms. */
export function absolutePaths(files: ShippedFile[], root: string): string[] {
  const hits: string[] = [];
  for (const { path, bytes } of files) {
    if (path.endsWith('.map') || !bytes.includes(root)) continue;
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.includes(root) && !ASTRO_OWN.some((own) => own.test(line))) {
          hits.push(`${path}:${i + 1} ${line.trim().slice(0, 40)}`);
        }
      });
  }
  return hits;
}

export interface Size {
  kib: number;
  gzipKib: number;
  /** Unrounded, for comparisons: 1.502 is over 1.5, whatever it prints as. */
  gzipBytes: number;
}

/**
 * The size of what runs, and gzipped as one stream, as an upload is. Left out: source maps, and
 * the local state `wrangler dev` writes beside the worker it serves (`.wrangler/`: SQLite files
 * that grow with each request served, and that no deploy uploads).
 */
export function sizeOf(files: ShippedFile[]): Size {
  const shipped = files.filter((f) => !f.path.endsWith('.map') && !f.path.startsWith('.wrangler/'));
  const all = Buffer.concat(shipped.map((f) => f.bytes));
  const kib = (n: number) => Math.round((n / 1024) * 10) / 10;
  const gzipBytes = gzipSync(all).length;
  return { kib: kib(all.length), gzipKib: kib(gzipBytes), gzipBytes };
}

/** The files that hold `secret`. */
export function holding(files: ShippedFile[], secret: string): string[] {
  return files.filter((f) => f.bytes.includes(secret)).map((f) => f.path);
}

/** Source bytes per package, from the source maps beside the shipped files ('' for the site's). */
export function sourceBytesByPackage(files: ShippedFile[]): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const { path, bytes: map } of files) {
    if (!path.endsWith('.map')) continue;
    const { sources = [], sourcesContent = [] } = JSON.parse(map.toString('utf8')) as {
      sources?: string[];
      sourcesContent?: (string | null)[];
    };
    sources.forEach((source, i) => {
      const name = PACKAGE_DIR.exec(source)?.[1] ?? '';
      bytes.set(name, (bytes.get(name) ?? 0) + (sourcesContent[i]?.length ?? 0));
    });
  }
  return bytes;
}

/** The packages that `ours` holds more of than `bare`, largest first: `name +N KiB`. */
export function growth(ours: ShippedFile[], bare: ShippedFile[], top = 5): string[] {
  const base = sourceBytesByPackage(bare);
  return [...sourceBytesByPackage(ours)]
    .map(([name, n]) => [name || 'the site', n - (base.get(name) ?? 0)] as const)
    .filter(([, extra]) => extra >= 1024)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, extra]) => `${name} +${Math.round(extra / 1024)} KiB`);
}
