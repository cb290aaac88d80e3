/**
 * The CORS preflight a browser sends before reading the API with a key (docs/api-v1.md §8):
 * OPTIONS with Origin, Access-Control-Request-Method and -Headers: Authorization.
 * No key is sent, exactly as a browser would not.
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
    return result('CORS preflight', 'fail', `${what} failed`, [reason]);
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
    return result('CORS preflight', 'ok', `${what}: Authorization allowed`);
  }
  return result('CORS preflight', 'fail', `${what}: a browser would block the request`, [
    ...problems,
    'Browsers (live loaders, client-side fetch) need this; a proxy or CDN may be answering OPTIONS itself.',
  ]);
}

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
