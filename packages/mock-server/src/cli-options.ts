import { parseArgs } from 'node:util';
import type { GenerateOptions } from './data/generator.js';
import type { PublishWebhook } from './data/publish-webhook.js';
import type { FaultConfig } from './http/faults.js';
import type { RateLimitConfig } from './http/rate-limit.js';

export const HELP = `content-read-mock — a complete, scoped mock of the Content Read API v1

Usage: content-read-mock [options]

Server
  --port <n>               port to listen on (default 4010; 0 picks a free one)
  --host <addr>            address to bind (default 127.0.0.1, loopback only)
  --quiet                  no per-request log lines
Readiness (for scripts and CI; starts no server)
  --wait <base-url>        wait until the API at base-url answers discovery, then exit 0
  --wait-timeout <s>       give up after this many seconds and exit 1 (default 30)
Data (default: the built-in demo dataset)
  --dataset <file>         serve a dataset JSON file (validated; format: docs, "The mock server")
  --generate-articles <n>  serve a generated dataset with n articles
  --generate-blogs <n>     blogs in the generated dataset (default 5)
  --generate-workspaces <n> workspaces in the generated dataset (default 1)
  --seed <s>               generator seed (default 1); the same seed gives the same bytes
  --body-bytes <n>         approximate size of each generated article body (default 2000)
  --private-fraction <f>   fraction of generated articles that are private (default 0.1)
  --write-dataset <file>   write the generated dataset to a file (streamed) and exit
Faults (fractions 0..1, drawn per request from a seeded sequence)
  --latency <ms>           added latency      --jitter <ms>   up to this much more
  --fault-429 <f>          429 rate_limited   --fault-500 <f> 500 internal
  --fault-503 <f>          503 unavailable    --fault-reset <f> reset mid-body
  --fault-truncate <f>     truncated JSON     --fault-stall <f> stall
  --stall-ms <ms>          stall length (default 30000)
  --stall-at <where>       headers | body (default body)
  --retry-after <s>        Retry-After on injected 429/503 (default 1)
  --fault-seed <s>         seed of the fault sequence (default 0)
  --fault-route <name>     apply the faults only to discovery, blogs or articles
Edits and publishing (to try publish-to-live by hand; keep the server on loopback)
  --editable               also take PATCH /__mock/articles/<id> and /__mock/blogs/<id>
  --publish-to <url>       call this site's publish webhook after every edit, with the secret
                           in CONTENT_PUBLISH_SECRET (an environment variable, never a flag)
Rate limiting (off unless given)
  --rate-limit <n>         per-key token bucket: n requests per second sustained
  --rate-burst <n>         bucket size (default: the --rate-limit value)
  -h, --help               show this help
`;

export interface CliConfig {
  help: boolean;
  port: number;
  host: string;
  quiet: boolean;
  wait: { baseUrl: string; timeoutSeconds: number } | undefined;
  dataset: string | undefined;
  generate: GenerateOptions | undefined;
  writeDataset: string | undefined;
  faults: FaultConfig | undefined;
  rateLimit: RateLimitConfig | undefined;
  editable: boolean;
  publish: PublishWebhook | undefined;
}

export const PUBLISH_SECRET_VARIABLE = 'CONTENT_PUBLISH_SECRET';

const s = { type: 'string' } as const;

/**
 * Parse argv (and, for --publish-to, the secret in `env`) into a config; throws an Error whose
 * message says which option is wrong and why.
 */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliConfig {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      quiet: { type: 'boolean' },
      port: s,
      wait: s,
      'wait-timeout': s,
      host: s,
      dataset: s,
      'write-dataset': s,
      'generate-articles': s,
      'generate-blogs': s,
      'generate-workspaces': s,
      seed: s,
      'body-bytes': s,
      'private-fraction': s,
      latency: s,
      jitter: s,
      'fault-429': s,
      'fault-500': s,
      'fault-503': s,
      'fault-reset': s,
      'fault-truncate': s,
      'fault-stall': s,
      'stall-ms': s,
      'stall-at': s,
      'retry-after': s,
      'fault-seed': s,
      'fault-route': s,
      'rate-limit': s,
      'rate-burst': s,
      editable: { type: 'boolean' },
      'publish-to': s,
    },
  });
  const num = (
    name: keyof typeof v,
    min: number,
    max = Number.MAX_SAFE_INTEGER,
  ): number | undefined => {
    const raw = v[name];
    if (raw === undefined || typeof raw === 'boolean') return undefined;
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
      throw new Error(`--${name} must be a number from ${min} to ${max}, got "${raw}".`);
    }
    return n;
  };
  if (v['wait-timeout'] !== undefined && v.wait === undefined)
    throw new Error('--wait-timeout needs --wait <base-url>.');
  const wait =
    v.wait === undefined
      ? undefined
      : { baseUrl: baseUrlOf(v.wait), timeoutSeconds: num('wait-timeout', 0) ?? 30 };
  const articles = num('generate-articles', 0);
  if (v.dataset !== undefined && articles !== undefined)
    throw new Error('Give either --dataset or --generate-articles, not both.');
  if (v['write-dataset'] !== undefined && articles === undefined)
    throw new Error('--write-dataset needs --generate-articles <n>.');
  const generate: GenerateOptions | undefined =
    articles === undefined
      ? undefined
      : {
          articles,
          seed: seedOf(v.seed) ?? 1,
          blogs: num('generate-blogs', 1),
          workspaces: num('generate-workspaces', 1),
          bodyBytes: num('body-bytes', 0),
          privateFraction: num('private-fraction', 0, 1),
        };
  const rule = {
    latencyMs: num('latency', 0),
    jitterMs: num('jitter', 0),
    rateLimited: num('fault-429', 0, 1),
    serverError: num('fault-500', 0, 1),
    unavailable: num('fault-503', 0, 1),
    reset: num('fault-reset', 0, 1),
    truncate: num('fault-truncate', 0, 1),
    stall: num('fault-stall', 0, 1),
    stallMs: num('stall-ms', 0),
    retryAfterSeconds: num('retry-after', 0),
    ...(v['stall-at'] === undefined ? {} : { stallAt: stallAt(v['stall-at']) }),
  };
  const given = Object.fromEntries(Object.entries(rule).filter(([, x]) => x !== undefined));
  let faults: FaultConfig | undefined;
  if (Object.keys(given).length > 0) {
    const route = v['fault-route'];
    if (route !== undefined && route !== 'discovery' && route !== 'blogs' && route !== 'articles') {
      throw new Error(`--fault-route must be discovery, blogs or articles, got "${route}".`);
    }
    faults = route === undefined ? { ...given } : { routes: { [route]: given } };
    faults.seed = seedOf(v['fault-seed']) ?? 0;
  }
  const perSecond = num('rate-limit', 0.001);
  const rateLimit =
    perSecond === undefined
      ? undefined
      : { refillPerSecond: perSecond, capacity: num('rate-burst', 1) ?? Math.max(1, perSecond) };
  const editable = v.editable === true;
  const publish = v['publish-to'] === undefined ? undefined : publishOf(v['publish-to'], env);
  if (publish && !editable)
    throw new Error('--publish-to needs --editable: edits are what it publishes.');
  return {
    help: v.help === true,
    port: num('port', 0, 65535) ?? 4010,
    host: v.host ?? '127.0.0.1',
    quiet: v.quiet === true,
    wait,
    dataset: v.dataset,
    generate,
    writeDataset: v['write-dataset'],
    faults,
    rateLimit,
    editable,
    publish,
  };
}

function publishOf(url: string, env: NodeJS.ProcessEnv): PublishWebhook {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error(
      `--publish-to needs the site's webhook URL (http://host:port/_content-read/publish), got "${url}".`,
    );
  const secret = env[PUBLISH_SECRET_VARIABLE]?.trim();
  if (!secret)
    throw new Error(
      `--publish-to needs the site's secret in the environment: set ${PUBLISH_SECRET_VARIABLE} (the same value as the site's server).`,
    );
  return { url, secret };
}

function baseUrlOf(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new Error(`--wait needs the API's base URL (http://host:port/api/v1), got "${value}".`);
  return value;
}

function stallAt(value: string): 'headers' | 'body' {
  if (value !== 'headers' && value !== 'body')
    throw new Error(`--stall-at must be headers or body, got "${value}".`);
  return value;
}

/** Digits are a numeric seed (as in code: `seed: 5`); anything else is a string seed. */
function seedOf(value: string | undefined): number | string | undefined {
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : value;
}
