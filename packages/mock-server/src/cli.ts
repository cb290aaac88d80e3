#!/usr/bin/env node
import { checkNodeVersion } from '@content-read/core/internal';
import { type CliConfig, HELP, parseCli } from './cli-options.js';
import { GENERATED_KEYS, generateDataset, writeGeneratedDataset } from './data/generator.js';
import { loadDataset } from './data/load-dataset.js';
import type { Dataset } from './data/schema.js';
import { demoKeys } from './demo/default-dataset.js';
import { waitUntilReady } from './http/wait-ready.js';
import { createMockServer } from './mock-server.js';

async function main(argv: string[]): Promise<number> {
  try {
    checkNodeVersion('content-read-mock');
  } catch (problem) {
    process.stderr.write(`content-read-mock: ${(problem as Error).message}\n`);
    return 2;
  }
  let config: CliConfig;
  try {
    config = parseCli(argv);
  } catch (problem) {
    process.stderr.write(
      `content-read-mock: ${(problem as Error).message}\nRun content-read-mock --help for the options.\n`,
    );
    return 2;
  }
  if (config.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (config.wait !== undefined) {
    const { baseUrl, timeoutSeconds } = config.wait;
    const result = await waitUntilReady(baseUrl, timeoutSeconds * 1000);
    if (result.ready) {
      process.stdout.write(`Content Read API ready at ${baseUrl}\n`);
      return 0;
    }
    process.stderr.write(
      `content-read-mock: no Content Read API answered at ${baseUrl} within ${timeoutSeconds} s (last: ${result.lastProblem}).\n`,
    );
    return 1;
  }
  if (config.writeDataset !== undefined && config.generate !== undefined) {
    const bytes = await writeGeneratedDataset(config.generate, config.writeDataset);
    process.stdout.write(
      `Wrote ${config.generate.articles} articles (${bytes} bytes) to ${config.writeDataset}\n`,
    );
    return 0;
  }
  let dataset: Dataset | undefined;
  if (config.dataset !== undefined) dataset = await loadDataset(config.dataset);
  else if (config.generate !== undefined) dataset = generateDataset(config.generate);

  const server = createMockServer({
    dataset,
    faults: config.faults,
    rateLimit: config.rateLimit,
    log: config.quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
    requestLogLimit: 1000,
    publishWebhook: config.publish,
  });
  const { port, host, editable } = config;
  const running = await server.listen({ port, host, editable });
  process.stdout.write(banner(running.baseUrl, config, dataset === undefined));
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stdout.write(`Received ${signal}, shutting down.\n`);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await running.close();
  process.stdout.write('Stopped.\n');
  return 0;
}

/** Everything printed on start, written at once so readers never see half of it. */
function banner(baseUrl: string, config: CliConfig, demo: boolean): string {
  const lines = [`Content Read API mock listening on ${baseUrl}`];
  if (demo) {
    lines.push('Demo keys (Authorization: Bearer <key>):');
    for (const k of demoKeys) lines.push(`  ${k.key.padEnd(26)} ${k.description}`);
  } else if (config.generate !== undefined) {
    lines.push('Generated keys (Authorization: Bearer <key>):');
    for (const [name, key] of Object.entries(GENERATED_KEYS))
      lines.push(`  ${key.padEnd(26)} ${name}`);
  } else {
    lines.push(`Serving ${config.dataset}; use the keys it defines.`);
  }
  if (config.faults) lines.push(`Faults: ${JSON.stringify(config.faults)}`);
  if (config.rateLimit) lines.push(`Rate limit: ${JSON.stringify(config.rateLimit)}`);
  if (config.editable) {
    const origin = new URL(baseUrl).origin;
    lines.push(`Editable: PATCH ${origin}/__mock/articles/<id> or ${origin}/__mock/blogs/<id>`);
  }
  if (config.publish) lines.push(`Every edit is published to ${config.publish.url}`);
  lines.push('Press Ctrl+C to stop.');
  return `${lines.join('\n')}\n`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (problem: unknown) => {
    process.stderr.write(
      `content-read-mock: ${problem instanceof Error ? problem.message : String(problem)}\n`,
    );
    process.exitCode = 1;
  },
);
