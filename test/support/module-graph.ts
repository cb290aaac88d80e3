/**
 * The static module graph of TypeScript sources from an entry: every relative file reached and
 * every bare specifier imported at run time (static and dynamic; `import type` is left out, as
 * the compiler erases it). Runtime-portability tests assert what must never be in it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface ModuleGraph {
  files: string[];
  /** Bare specifiers (packages, `node:*`, virtual modules), sorted. */
  imports: string[];
  /** Files whose code (comments aside) uses Node's `Buffer` or `process` globals. */
  nodeGlobals: string[];
}

export function moduleGraph(...entries: string[]): ModuleGraph {
  const files = new Set<string>();
  const imports = new Set<string>();
  const nodeGlobals: string[] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    const code = text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');
    if (/\bBuffer\.|\bprocess\.(?!versions)/.test(code)) nodeGlobals.push(file);
    const statics = code.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*?from\s+'([^']+)'/gm);
    const sideEffects = code.matchAll(/^import\s+'([^']+)'/gm);
    const dynamics = code.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g);
    for (const [, spec] of [...statics, ...sideEffects, ...dynamics]) {
      if (!spec) continue;
      if (spec.startsWith('.')) visit(join(dirname(file), spec.replace(/\.js$/, '.ts')));
      else imports.add(spec);
    }
  };
  for (const entry of entries) visit(entry);
  return { files: [...files], imports: [...imports].sort(), nodeGlobals };
}
