/**
 * Classes an article may keep. `class` could otherwise take over the page (`fixed inset-0
 * z-50` in a utility-CSS site) or borrow the site's component classes, so only the classes
 * content needs survive: syntax highlighting, GitHub-style task lists and footnotes (as
 * remark-gfm and markdown-it-footnote write them). Sites that style CMS classes on purpose add
 * theirs with the loaders' `allowClasses` option.
 */
const CONTENT_CLASSES: Record<string, readonly string[]> = {
  a: ['data-footnote-backref', 'footnote-backref'],
  code: ['language-*'],
  pre: ['language-*'],
  h2: ['sr-only'],
  hr: ['footnotes-sep'],
  input: ['task-list-item-checkbox'],
  li: ['task-list-item', 'footnote-item'],
  ol: ['contains-task-list'],
  section: ['footnotes'],
  sup: ['footnote-ref'],
  ul: ['contains-task-list'],
};

/**
 * Presets for `allowClasses`: the classes of a CMS's cards and blocks, for a site that loads
 * that CMS's card or block CSS. A preset's name stands for its patterns.
 */
export const CLASS_PRESETS: Readonly<Record<string, readonly string[]>> = {
  // Koenig's cards (kg-card, kg-gallery-*, kg-callout-*, kg-bookmark-*, kg-width-wide …)
  ghost: ['kg-*'],
  // Gutenberg's blocks, their colour, alignment and size classes; the classic editor's
  // captions and galleries
  wordpress: ['wp-block-*', 'wp-element-*', 'wp-image-*', 'wp-caption*', 'wp-embedded-content', 'has-*', 'is-*', 'align*', 'size-*', 'gallery*', 'blocks-gallery-*', 'columns-*'],
}; // biome-ignore format: a table

/** Which class tokens may stay, per tag and on any tag (`allowClasses`). */
export interface ClassFilter {
  perTag: ReadonlyMap<string, (token: string) => boolean>;
  anyTag: ((token: string) => boolean) | undefined;
}

const CONTENT = new Map(Object.entries(CONTENT_CLASSES).map(([tag, list]) => [tag, matcher(list)]));
const cache = new Map<string, ClassFilter>();

/**
 * The filter for the content classes plus `allowClasses` (each a class name, a prefix ending in
 * `*`: `'callout-*'`, or a preset's name: `'ghost'`; `'*'` keeps every class), allowed on every
 * element.
 */
export function classFilter(allowClasses: readonly string[] = []): ClassFilter {
  const key = allowClasses.join(' ');
  let filter = cache.get(key);
  if (!filter) {
    const patterns = allowClasses.flatMap((name) =>
      Object.hasOwn(CLASS_PRESETS, name) ? (CLASS_PRESETS[name] ?? []) : [name],
    );
    filter = { perTag: CONTENT, anyTag: patterns.length ? matcher(patterns) : undefined };
    cache.set(key, filter);
  }
  return filter;
}

function matcher(patterns: readonly string[]): (token: string) => boolean {
  const exact = new Set(patterns.filter((p) => !p.endsWith('*')));
  const prefixes = patterns.filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1));
  return (token) => exact.has(token) || prefixes.some((p) => token.startsWith(p));
}

/** The allowed tokens of a class attribute, or '' when none is left. */
export function filterClasses(tag: string, value: string, filter: ClassFilter): string {
  const perTag = filter.perTag.get(tag);
  const anyTag = filter.anyTag;
  if (!perTag && !anyTag) return ''; // most elements: no class can stay
  return value
    .split(/\s+/)
    .filter((token) => token && (anyTag?.(token) || perTag?.(token)))
    .join(' ');
}
