import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Astro's mode and envDir for this command, as the contentRead() integration takes them: the
 * CLI's `--mode`, else production for build, development for dev; `vite.envDir`, else the root.
 */
export function astroEnvContext(
  config: { root: URL; vite?: { envDir?: unknown } },
  command: string,
  argv: readonly string[] = process.argv,
): { mode: string; envDir: string } {
  const root = fileURLToPath(config.root);
  const envDir = config.vite?.envDir;
  return {
    mode: modeFromArgv(argv) ?? (command === 'dev' ? 'development' : 'production'),
    envDir: resolve(root, typeof envDir === 'string' ? envDir : '.'),
  };
}

function modeFromArgv(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--mode') return argv[i + 1];
    if (arg.startsWith('--mode=')) return arg.slice('--mode='.length);
  }
  return undefined;
}
