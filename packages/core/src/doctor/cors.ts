/**
 * The CORS preflight a browser sends before reading the API with a key (the API contract §8):
 * OPTIONS with Origin, Access-Control-Request-Method and -Headers: Authorization.
 * No key is sent, exactly as a browser would not. For information only, never a failure:
 * browsers should read through a backend proxy, and a key used from a browser must be one
 * deliberately public and tightly scoped.
 */
import { type Dispatcher, request } from 'undici';
import type { DoctorConfig } from './types.js';
import { type CheckResult, result } from './types.js';

export async function checkCors(
  base: URL,
  config: DoctorConfig,
  dispatcher: Dispatcher,
): Promise<CheckResult> {
  const url = new URL(`${base.href}/articles`);
  const what = `OPTIONS ${url.pathname} from ${config.origin}`;
  let status: number;
  let headers: Record<string, string | string[] | undefined>;
  try {
    const res = await request(url, {
      method: 'OPTIONS',
      dispatcher,
      headersTimeout: config.timeout,
      bodyTimeout: config.timeout,
      headers: {
        origin: config.origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    await res.body.dump();
    status = res.statusCode;
    headers = res.headers;
  } catch (problem) {
    const reason = problem instanceof Error ? problem.message : String(problem);
    return result('CORS preflight', 'info', `${what} failed`, [reason, ...ADVICE]);
  }
  const problems: string[] = [];
  if (status < 200 || status > 299) problems.push(`the preflight answered ${status}, not 2xx`);
  const allowOrigin = header(headers, 'access-control-allow-origin');
  if (allowOrigin !== '*' && allowOrigin !== config.origin) {
    problems.push(
      `Access-Control-Allow-Origin is ${quote(allowOrigin)}, not * or ${config.origin}`,
    );
  }
  // A wildcard does not cover Authorization (Fetch standard): it must be named.
  const allowHeaders = list(header(headers, 'access-control-allow-headers'));
  if (!allowHeaders.includes('authorization')) {
    problems.push(
      `Access-Control-Allow-Headers (${quote(header(headers, 'access-control-allow-headers'))}) does not name Authorization`,
    );
  }
  const allowMethods = list(header(headers, 'access-control-allow-methods'));
  if (allowMethods.length > 0 && !allowMethods.includes('get') && !allowMethods.includes('*')) {
    problems.push('Access-Control-Allow-Methods does not include GET');
  }
  if (problems.length === 0) {
    return result(
      'CORS preflight',
      'info',
      `${what}: Authorization allowed (a browser could call the API directly)`,
      ADVICE,
    );
  }
  return result(
    'CORS preflight',
    'info',
    `${what}: a browser calling the API directly would be blocked`,
    [...problems, ...ADVICE],
  );
}

const ADVICE = [
  'Browsers should read through a backend proxy (contentRead({ proxy }) of @content-read/astro-loader), which keeps the key on the server.',
  'A key used from a browser must be deliberately public and tightly scoped (read-only, only the blogs it may show).',
];

function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
}

function quote(value: string | undefined): string {
  return value === undefined ? 'absent' : `"${value}"`;
}
