import { checkFields, FIELDS } from './fields.js';
import { canonicalQuery, checkQuery, type Resource } from './query.js';
import { errorResponse } from './responses.js';

/**
 * Step 2 of a request: its query, checked, in its one spelling. A query the proxy does not serve
 * is a 400; a query it serves, spelled another way than the canonical one (`page=02`, parameters
 * or fields in another order, a field twice, a default written out, a trailing slash), is a
 * `308` to the canonical URL, kept by no cache: every spelling of a page then shares one entry
 * in the route cache and the CDN (which key on the URL as sent), and costs no upstream request.
 */
export type ReadQuery =
  | {
      ok: true;
      /** The checked parameters, canonical values, without `fields`. */
      params: Map<string, string>;
      /** The fields served (undefined: every field). */
      fields: string[] | undefined;
      /** The request named fields other than the default: its pages' links carry them. */
      named: boolean;
    }
  | { ok: false; response: Response };

export function readQuery(
  resource: Resource,
  url: URL,
  settings: { path: string; fields?: { articles?: string[]; blogs?: string[] } | undefined },
): ReadQuery {
  const checked = checkQuery(resource, url.searchParams);
  if (!checked.ok)
    return { ok: false, response: errorResponse('invalid_parameter', checked.message) };
  const served = settings.fields?.[resource];
  const asked = checked.params.get('fields');
  const fields = checkFields(resource, asked, served);
  if (!fields.ok)
    return { ok: false, response: errorResponse('invalid_parameter', fields.message) };
  const params = checked.params;
  const given = fields.fields?.join(',');
  const named = asked !== undefined && given !== (served ?? FIELDS[resource]).join(',');
  if (named && given !== undefined) params.set('fields', given);
  else params.delete('fields');
  const path = `${settings.path}/${resource}`;
  const query = canonicalQuery(params);
  if (url.pathname !== path || url.search.slice(1) !== query)
    return { ok: false, response: redirect(`${path}${query ? `?${query}` : ''}`) };
  params.delete('fields');
  return { ok: true, params, fields: fields.fields, named };
}

function redirect(location: string): Response {
  return new Response(null, { status: 308, headers: { location, 'cache-control': 'no-store' } });
}
