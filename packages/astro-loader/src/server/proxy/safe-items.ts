import { renderArticleHtml, type SanitiseOptions } from '../../body/sanitise/sanitiser.js';
import { webUrl } from '../../shared/entries/mapping.js';
import { FIELDS } from './fields.js';
import type { Resource } from './query.js';

/**
 * What the proxy keeps of an upstream page, made as the page comes in (once per upstream answer,
 * within the read's bounds): whatever the API sent, an item holds only the contract's fields; its
 * URL fields (`url`, `canonical_url`, `feature_image.url`) are http(s) or `null`, as in entries;
 * an article's `html` has been through the body pipeline's sanitising step (step 2: the loaders'
 * defaults plus the proxy's `allowClasses`), unless the site set `unsafeRawHtml`. Nothing the
 * proxy stores, caches or serves is then anything else.
 */
export interface SafeSettings {
  sanitise: SanitiseOptions;
  /** Serve article bodies as the API sent them: the site's own scripts must sanitise them. */
  unsafeRawHtml: boolean;
}

/** The API's list JSON (an envelope or a bare array), its items made safe. */
export function safeList(json: unknown, resource: Resource, settings: SafeSettings): unknown {
  const safe = (item: unknown) => safeItem(item, resource, settings);
  if (Array.isArray(json)) return json.map(safe);
  const list = json as { data: unknown[] };
  return { ...list, data: list.data.map(safe) };
}

function safeItem(item: unknown, resource: Resource, settings: SafeSettings) {
  const record = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of FIELDS[resource]) if (name in record) out[name] = record[name];
  for (const name of ['url', 'canonical_url'])
    if (name in out) out[name] = typeof out[name] === 'string' ? webUrl(out[name]) : null;
  if ('feature_image' in out) {
    const image = out.feature_image as Record<string, unknown> | null;
    out.feature_image = image && typeof image.url === 'string' && webUrl(image.url) ? image : null;
  }
  if ('html' in out)
    out.html =
      typeof out.html !== 'string'
        ? null
        : settings.unsafeRawHtml
          ? out.html
          : renderArticleHtml(out.html, settings.sanitise).html;
  return out;
}
