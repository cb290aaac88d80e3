/**
 * `list({ last })`: a listing read from the page holding the first of its last `last` items (the
 * newest: lists are in ascending id order, ids given in creation order). Only the full client
 * reads this way; the listing client of deployed servers carries none of it.
 */
import { ConfigurationError } from '../errors.js';
import { fetchPage, type PageContext, type PageStart } from './pages.js';

/** Where a listing read with `last` starts; undefined (page 1) without it. */
export function lastPages(last: number | undefined): PageStart | undefined {
  if (last === undefined) return undefined;
  if (!(Number.isSafeInteger(last) && last > 0))
    throw new ConfigurationError(`last must be a whole number ≥ 1 (got ${String(last)})`, {
      hint: 'Omit last to read every page.',
    });
  return (ctx) => pageOfLast(ctx, last);
}

/**
 * The page holding the first of the listing's last `last` items, from its total (asked with a
 * one-item page, whatever its items hold, counted in the pages the server gives); 1 when the
 * listing states no total.
 */
async function pageOfLast<T>(ctx: PageContext<T>, last: number): Promise<number> {
  const probe = new URL(ctx.first);
  probe.searchParams.set('per_page', '1');
  const quiet = {
    ...ctx,
    previous: new Map(),
    invalidItems: 'skip' as const,
    onInvalidItem: undefined,
  };
  const [page] = await fetchPage(quiet, probe, 1);
  if (!page.meta) return 1;
  const { total, per_page: probed } = page.meta;
  // `per_page` is ours, not the contract's: a server that answered the probe with more than one
  // item pages by a size of its own, which the pages read next will have too.
  const perPage = probed > 1 ? probed : Number(ctx.first.searchParams.get('per_page'));
  return Math.max(1, Math.floor((total - last) / perPage) + 1);
}
