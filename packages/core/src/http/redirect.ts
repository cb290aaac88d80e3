/** Where a 3xx points; refuses broken Locations and endless chains. */
import { RequestError } from '../errors.js';

export function redirectTarget(
  res: { status: number; headers: Headers },
  from: URL,
  hops: number,
  maxRedirects: number,
  path: string,
): URL {
  const location = res.headers.get('location');
  let next: URL | undefined;
  try {
    next = location === null ? undefined : new URL(location, from);
  } catch {
    next = undefined;
  }
  if (next === undefined || (next.protocol !== 'https:' && next.protocol !== 'http:')) {
    throw new RequestError(`Redirect ${res.status} without a usable Location`, {
      status: res.status,
      path,
      hint: 'The server or a proxy sent a broken redirect; point baseUrl at the final API address.',
    });
  }
  if (hops >= maxRedirects) {
    throw new RequestError(`Too many redirects (more than ${maxRedirects})`, {
      status: res.status,
      path,
      hint: 'Point baseUrl at the final API address, or raise maxRedirects.',
    });
  }
  return next;
}
