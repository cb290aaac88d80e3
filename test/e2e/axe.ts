import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

// axe-core (Deque's accessibility engine) run in the page: the rules of WCAG 2.0, 2.1 and 2.2,
// levels A and AA, as axe tags them.

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Chromium flags for a browser that opens page after page to run axe in each. Every page is a new
 * V8 context, so TurboFan's optimised code for axe is thrown away at the next navigation: for a
 * run of about a second its compiling (on threads of its own, beside the run) costs more than it
 * saves. Measured over the docs' 26 pages: a fifth to a quarter less CPU. It changes how fast
 * scripts run, not what they do.
 */
export const AXE_BROWSER_ARGS = ['--js-flags=--no-opt'];

/**
 * axe in every page the context opens, from the start of each document: about 0.1 s per page,
 * where sending it to each page once loaded took about 0.3 s.
 */
export async function axeInEveryPage(context: BrowserContext): Promise<void> {
  await context.addInitScript({ path: axeScript });
}

/** A violation as a line a failing test can print: the rule, which elements (their HTML), and why. */
export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * The WCAG 2.2 AA violations axe finds in the page as it is now (axe injected when needed); with
 * `rules`, those rules' only (rule ids, e.g. `color-contrast`); with `within`, in the elements
 * that selector finds only (the page's own content, where its frame is checked elsewhere).
 */
export async function axeViolations(
  page: Page,
  rules?: string[],
  within?: string,
): Promise<AxeViolation[]> {
  if (!(await page.evaluate("typeof window.axe === 'object'")))
    await page.addScriptTag({ path: axeScript });
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_22_AA };
  // A node is named by its HTML: computing a unique selector for every node axe visits, most of
  // which pass, was a fifth of its time on the docs' code-heavy pages.
  const options = {
    runOnly,
    resultTypes: ['violations'],
    selectors: false,
    ancestry: false,
    xpath: false,
  };
  const context = within ? JSON.stringify(within) : 'document';
  return page.evaluate(`window.axe.run(${context}, ${JSON.stringify(options)}).then((results) =>
    results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => n.html.slice(0, 160) + ': ' + n.failureSummary),
    })))`);
}
