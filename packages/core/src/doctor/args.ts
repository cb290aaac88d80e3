/** Command-line parsing for the `content-read` bin (node:util parseArgs, no dependency). */
import { parseArgs } from 'node:util';
import { KEY_VARIABLE, nonEmpty, URL_VARIABLE } from '../env.js';
import type { DoctorConfig } from './types.js';

export const HELP = `Usage: content-read doctor [options]

Checks that a Content Read API v1 is reachable and usable with your key:
base URL, discovery, the key (rejected, or stripped on the way by a proxy/CDN),
the blogs the key sees with their article counts, and (for information) whether
a browser could call the API directly; with --links, the broken links between
articles a sync would report.
Exits 0 when nothing is wrong, 1 when a check found a problem, 2 on bad usage.

Options:
  --url <url>              API base URL ending in /api/v1   (default: $CONTENT_API_URL)
  --key <key>              API key                          (default: $CONTENT_API_KEY)
                           Prefer the environment variable: arguments show up in ps.
  --mode <mode>            Vite/Astro mode whose .env files to read (default: production)
  --env-dir <dir>          Where the .env files are         (default: the current directory)
                           Variables not in the environment are read from .env.[mode].local,
                           .env.[mode], .env.local and .env, as Astro and the loaders do.
  --origin <origin>        Origin for the CORS preflight    (default: http://localhost:4321)
  --timeout <ms>           Connect and response timeout per request (default: 10000)
  --allow-insecure-http    Allow http: to a non-loopback host (sends the key in clear text)
  -h, --help               Show this help

Links between articles:
  --links                  Read every article as your site's articlesLoader does and list
                           each link into the workspace that names no article the site
                           publishes, and why (a problem if any). Needs the loader,
                           @content-read/astro-loader, installed in the current directory
                           (or that of --env-dir): its sanitiser and link step find them.
  --relative-to <base>     What bodies' relative URLs are relative to, as the loader's
                           relativeTo option: canonical, blog or an absolute http(s) URL
                           (default: left as written)
  --blogs <names>          The loader's blogs option: blog ids or slugs, comma-separated
                           (default: every blog the key reads)
                           The loader's filter is a function and is not read here: a link
                           to an article it leaves out shows as a link to no article.

The key is never printed.
`;

export type Command = { kind: 'help' } | { kind: 'doctor'; config: DoctorConfig };

/** Throws an Error whose message is safe to print (it never quotes option values). */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (problem) {
    const code = (problem as { code?: string }).code ?? 'ERR_PARSE_ARGS';
    throw new Error(
      `${describeParseError(code, problem)}. Run content-read --help for the options.`,
    );
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0 || positionals[0] === 'help') return { kind: 'help' };
  if (positionals[0] !== 'doctor' || positionals.length > 1) {
    throw new Error('Unknown command. The only command is "doctor": content-read doctor --help');
  }
  const timeout = values.timeout === undefined ? 10_000 : Number(values.timeout);
  if (!Number.isInteger(timeout) || timeout < 1) {
    throw new Error('--timeout must be a positive whole number of milliseconds');
  }
  const links = linksOptions(values);
  const fromFlag = values.key !== undefined;
  const key = fromFlag ? values.key : nonEmpty(env[KEY_VARIABLE]);
  return {
    kind: 'doctor',
    config: {
      url: values.url ?? nonEmpty(env[URL_VARIABLE]),
      key,
      keySource: key === undefined ? undefined : fromFlag ? '--key' : KEY_VARIABLE,
      origin: values.origin ?? 'http://localhost:4321',
      allowInsecureHttp: values['allow-insecure-http'] ?? false,
      timeout,
      mode: values.mode ?? 'production',
      envDir: values['env-dir'] ?? process.cwd(),
      links,
    },
  };
}

/** `--links` and the loader options it reads bodies with, checked as the loader reads them. */
function linksOptions(values: ReturnType<typeof parse>['values']): DoctorConfig['links'] {
  const relativeTo = values['relative-to'];
  const blogs = values.blogs?.split(',').map((name) => name.trim());
  if (!values.links) {
    if (relativeTo !== undefined || blogs !== undefined)
      throw new Error('--relative-to and --blogs say how --links reads bodies: add --links');
    return undefined;
  }
  if (relativeTo !== undefined && !isBase(relativeTo))
    throw new Error('--relative-to must be canonical, blog or an absolute http(s) URL');
  if (blogs?.some((name) => name === ''))
    throw new Error('--blogs takes blog ids or slugs separated by commas, none empty');
  return { relativeTo, blogs };
}

function isBase(value: string): boolean {
  if (value === 'canonical' || value === 'blog') return true;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      origin: { type: 'string' },
      timeout: { type: 'string' },
      mode: { type: 'string' },
      'env-dir': { type: 'string' },
      'allow-insecure-http': { type: 'boolean' },
      links: { type: 'boolean' },
      'relative-to': { type: 'string' },
      blogs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

// parseArgs' own messages can quote the offending argument, which may be a mistyped key.
function describeParseError(code: string, problem: unknown): string {
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = /'(-{1,2}[A-Za-z][\w-]*)/.exec(String((problem as Error).message))?.[1];
    return `Unknown option${name ? ` ${name}` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return 'An option is missing its value';
  return 'Could not read the arguments';
}
