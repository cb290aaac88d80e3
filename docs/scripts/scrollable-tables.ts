import type { AstroIntegration } from 'astro';

/**
 * Every Markdown table of the site in a region a keyboard can scroll. A table wider than the
 * column (the options reference's types, the performance figures, any table on a phone) scrolls
 * sideways, and a scroll container that cannot take the focus cannot be scrolled without a
 * pointer (WCAG 2.1.1; axe-core's scrollable-region-focusable). Each table is wrapped in
 * `<div class="table-scroll" role="region" tabindex="0" aria-label="…">`, the scroll container
 * (src/styles/tables.css moves the scrolling there from Starlight's `table`), named after the
 * heading the table stands under, or the page's title above any heading, so that a screen reader
 * says which table the tab stop is.
 *
 * A hast plugin of Astro's Markdown processor (Sätteri), added to it as Starlight adds its own:
 * it applies to .md, .mdx and imported Markdown alike.
 */

/** The hast shapes the plugin reads (Sätteri hands it hast nodes). */
interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}
type HastNode = HastElement | { type: 'text' | 'comment' | 'raw'; value: string };

/** What the plugin uses of Sätteri's visitor context. */
interface VisitorContext {
  data: { astro?: { frontmatter?: Record<string, unknown> } };
  textContent(node: HastElement): string;
  wrapNode(node: HastElement, wrapper: HastElement): void;
}

/** The header cells of a table, for a table under no heading nor title. */
function columns(table: HastElement, ctx: VisitorContext): string {
  const cells: string[] = [];
  const visit = (node: HastNode) => {
    if (node.type !== 'element') return;
    if (node.tagName === 'th') cells.push(ctx.textContent(node).trim());
    else if (node.tagName !== 'tbody') node.children.forEach(visit);
  };
  table.children.forEach(visit);
  return cells.filter(Boolean).join(', ');
}

/** The plugin, made once per document: its headings and tables come in document order. */
function tablesPlugin() {
  /** The last heading's text, or the title above the first heading. */
  let context: string | undefined;
  /** The tables so far under that context, to number a second one. */
  let count = 0;
  return {
    name: 'content-read:scrollable-tables',
    element: {
      filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table'],
      visit(node: HastElement, ctx: VisitorContext) {
        if (context === undefined) {
          const title = ctx.data.astro?.frontmatter?.title;
          context = typeof title === 'string' ? title : '';
        }
        if (node.tagName !== 'table') {
          context = ctx.textContent(node).trim();
          count = 0;
          return;
        }
        count += 1;
        const label = context
          ? `Table${count > 1 ? ` ${count}` : ''}: ${context}`
          : `Table: ${columns(node, ctx)}`;
        ctx.wrapNode(node, {
          type: 'element',
          tagName: 'div',
          properties: {
            className: ['table-scroll'],
            role: 'region',
            tabIndex: 0,
            ariaLabel: label,
          },
          children: [],
        });
      },
    },
  };
}

/** The integration: the plugin, on the site's Markdown processor. */
export function scrollableTables(): AstroIntegration {
  return {
    name: 'content-read:scrollable-tables',
    hooks: {
      'astro:config:setup': ({ config }) => {
        const processor = config.markdown.processor as {
          name: string;
          options: { hastPlugins?: unknown[] };
        };
        if (processor.name !== 'satteri' || !processor.options.hastPlugins)
          throw new Error(
            `scrollable-tables: a hast plugin for Sätteri, and the Markdown processor is ${processor.name}`,
          );
        processor.options.hastPlugins.push(tablesPlugin);
      },
    },
  };
}
