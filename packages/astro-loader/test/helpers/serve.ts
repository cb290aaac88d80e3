import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type AstroSite, astroBin } from '@content-read/test-support/astro-site';

/** Starts a built standalone @astrojs/node server on an ephemeral port; resolves its URL. */
export function serve(site: AstroSite, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [join(site.root, 'dist/server/entry.mjs')], {
    cwd: site.root,
    env: { ...env, HOST: '127.0.0.1', PORT: '0' },
  });
  let output = '';
  return new Promise<{ url: string; child: ChildProcess; output: () => string }>(
    (resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d;
        const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) resolve({ url: match[0], child, output: () => output });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', () => reject(new Error(`server exited: ${output}`)));
    },
  );
}

/** `astro dev` on an ephemeral port; `ready` resolves with its URL. */
export function dev(site: AstroSite, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [astroBin, 'dev', '--host', '127.0.0.1', '--port', '0'], {
    cwd: site.root,
    env,
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(match[0]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`astro dev exited: ${output}`)));
  });
  return { child, ready, output: () => output };
}
