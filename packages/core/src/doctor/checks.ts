/**
 * The API checks of `content-read doctor`, each built on the client itself so the doctor
 * sees exactly what a build would see. Every message comes from core's errors or from here,
 * never from the key.
 */

import { isLoopback, parseBaseUrl } from '../base-url.js';
import type { ContentReadClient } from '../client.js';
import {
  AuthenticationError,
  ConfigurationError,
  isContentReadError,
  NetworkError,
  NotFoundError,
  ValidationError,
} from '../errors.js';
import { createClient } from '../index.js';
import type { Blog } from '../schema/wire.js';
import { type CheckResult, type DoctorConfig, result } from './types.js';

/** A client tuned for diagnosis: few, short retries. Throws ConfigurationError for a bad key. */
export function doctorClient(url: URL, config: DoctorConfig, apiKey?: string): ContentReadClient {
  const t = config.timeout;
  return createClient({
    baseUrl: url,
    apiKey,
    allowInsecureHttp: config.allowInsecureHttp,
    timeouts: { connect: t, headers: t, body: t },
    retry: { retries: 1, minTimeout: 200, maxTimeout: 1000, maxRetryAfter: 5000 },
    userAgent: 'content-read-doctor',
  });
}

export function checkBaseUrl(config: DoctorConfig): { check: CheckResult; url?: URL } {
  if (config.url === undefined) {
    return {
      check: result('Base URL', 'fail', 'no API address given', [
        'Pass --url https://cms.example.com/api/v1 or set CONTENT_API_URL (environment or .env file).',
      ]),
    };
  }
  try {
    const url = parseBaseUrl(config.url, config.allowInsecureHttp);
    if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
      const hint = 'Use https: unless this network is private and trusted.';
      return {
        check: result('Base URL', 'warn', `${url.href}: the key travels in clear text`, [hint]),
        url,
      };
    }
    return { check: result('Base URL', 'ok', url.href), url };
  } catch (problem) {
    if (!(problem instanceof ConfigurationError)) throw problem;
    // core's message already carries the corrected address ("Did you mean ...?").
    return { check: result('Base URL', 'fail', problem.message) };
  }
}

export async function checkDiscovery(client: ContentReadClient): Promise<CheckResult> {
  try {
    const d = await client.discover();
    const names = d.resources.map((r) => r.name);
    const missing = ['blogs', 'articles'].filter((n) => !names.includes(n));
    if (d.version !== 'v1' || missing.length > 0) {
      const details = missing.length > 0 ? [`It does not list ${missing.join(' and ')}.`] : [];
      details.push('This does not look like Content Read API v1; check the base URL.');
      return result('Discovery', 'warn', `reachable: "${d.name}" version "${d.version}"`, details);
    }
    return result('Discovery', 'ok', `${d.name} ${d.version}: ${names.join(', ')}`);
  } catch (problem) {
    if (problem instanceof ValidationError) {
      // The discovery body is not fixed by the public spec; a minimal server may answer otherwise.
      return result('Discovery', 'warn', 'reachable, but the answer is not a discovery document', [
        problem.message,
      ]);
    }
    if (problem instanceof NetworkError) {
      return result('Discovery', 'fail', 'the API is not reachable', [problem.message]);
    }
    return result('Discovery', 'fail', 'the API answered with an error', [describe(problem)]);
  }
}

/** Lists the blogs (which is also the key check) and counts each blog's articles. */
export async function checkKeyAndBlogs(url: URL, config: DoctorConfig): Promise<CheckResult[]> {
  if (config.key === undefined) {
    const hint = ['Pass it in CONTENT_API_KEY (environment or .env file), or --key.'];
    return [
      result('API key', 'fail', 'no API key given', hint),
      result('Blogs', 'skip', 'needs an API key'),
    ];
  }
  let client: ContentReadClient;
  try {
    client = doctorClient(url, config, config.key);
  } catch (problem) {
    return [keyProblem(problem), result('Blogs', 'skip', 'needs a well-formed key')];
  }
  try {
    return await keyAndBlogs(client, config);
  } finally {
    await client.close();
  }
}

async function keyAndBlogs(
  client: ContentReadClient,
  config: DoctorConfig,
): Promise<CheckResult[]> {
  let blogs: Blog[];
  try {
    blogs = await client.listBlogs();
  } catch (problem) {
    return [keyProblem(problem), result('Blogs', 'skip', 'needs a working key')];
  }
  const keyOk = result('API key', 'ok', `accepted (from ${config.keySource})`);
  if (blogs.length === 0) {
    return [
      keyOk,
      result('Blogs', 'warn', 'the key sees no blogs', [
        "Its blog_access_scope lists no public blog of its workspace; ask the workspace's admin.",
      ]),
    ];
  }
  try {
    const counts = await Promise.all(blogs.map((b) => countArticles(client, b.id)));
    const total = counts.reduce((a, b) => a + b, 0);
    const width = Math.max(...blogs.map((b) => b.slug.length));
    const lines = blogs.map(
      (b, i) => `${b.slug.padEnd(width)}  ${plural(counts[i] ?? 0, 'article')}  (${b.name})`,
    );
    const summary = `${plural(blogs.length, 'blog')}, ${plural(total, 'article')} visible to this key`;
    return [keyOk, result('Blogs', 'ok', summary, lines)];
  } catch (problem) {
    return [keyOk, result('Blogs', 'fail', 'could not count the articles', [describe(problem)])];
  }
}

/** meta.total of a one-item page when the server states it; otherwise counts the listing. */
async function countArticles(client: ContentReadClient, blog: string): Promise<number> {
  for await (const page of client.pages('articles', { blog, perPage: 1 })) {
    if (page.meta !== undefined) return page.meta.total;
    break; // stops the listing before any further page is requested
  }
  return (await client.listArticles({ blog })).length;
}

function keyProblem(problem: unknown): CheckResult {
  if (problem instanceof ConfigurationError) {
    return result('API key', 'fail', 'the key is malformed and was not sent', [problem.message]);
  }
  if (problem instanceof AuthenticationError) {
    const headline =
      problem.code === 'invalid_token'
        ? 'rejected: the API does not know this key, or it was revoked (401 invalid_token)'
        : problem.code === 'missing_token'
          ? 'a key was sent, but the API received none (401 missing_token)'
          : problem.code === 'invalid_authorization'
            ? 'the Authorization header arrived malformed (401 invalid_authorization)'
            : `refused (${problem.status ?? '?'} ${problem.code ?? ''})`.replace(' )', ')');
    return result('API key', 'fail', headline, [problem.hint]);
  }
  if (problem instanceof NotFoundError) {
    return result('API key', 'fail', 'GET /blogs was not found (404)', [
      'The base URL answers, but not like Content Read API v1; check it ends in the API /api/v1.',
    ]);
  }
  return result('API key', 'fail', 'could not list blogs', [describe(problem)]);
}

/** A problem in one line: core's errors and plain Errors by their message, others named. */
export function describe(problem: unknown): string {
  if (isContentReadError(problem)) return problem.message;
  if (!(problem instanceof Error)) return String(problem);
  return problem.name === 'Error' ? problem.message : `${problem.name}: ${problem.message}`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
