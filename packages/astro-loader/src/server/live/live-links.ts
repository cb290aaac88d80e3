/**
 * Links between articles in live entries (body/links/): resolved with what the loader call read
 * anyway, its listings and the blogs, so linking costs no request of its own and never holds a
 * page past its deadline. A link to an article those listings do not hold (another blog's, when
 * the call read one blog) stays as the CMS wrote it.
 */
import type { Article, Blog } from '@content-read/core';
import { linkArticleOf, linkBlogOf } from '../../body/links/api-targets.js';
import { linkBody } from '../../body/links/link-step.js';
import { type ArticleUrl, LinkTargets } from '../../body/links/link-targets.js';

interface RenderedEntry {
  rendered: { html: string; metadata: object };
}

export class LiveLinks {
  /** The index of the last listings linked with: the same arrays (unchanged listings) reuse it. */
  #last: { lists: readonly Article[][]; blogs: readonly Blog[]; targets: LinkTargets } | undefined;
  /** Each kept entry, linked with the index it was linked with. */
  readonly #linked = new WeakMap<object, { targets: LinkTargets; entry: object }>();

  constructor(private readonly articleUrl: ArticleUrl) {}

  /** The index of what `lists` (the call's listings, as read) and `blogs` hold. */
  targets(lists: readonly Article[][], blogs: readonly Blog[]): LinkTargets {
    const last = this.#last;
    if (
      last?.blogs === blogs &&
      last.lists.length === lists.length &&
      last.lists.every((list, i) => list === lists[i])
    )
      return last.targets;
    const targets = new LinkTargets({
      published: lists.flat().map((article) => linkArticleOf(article)),
      blogs: blogs.map((blog) => linkBlogOf(blog)),
      articleUrl: this.articleUrl,
    });
    this.#last = { lists, blogs, targets };
    return targets;
  }

  /** `entry` with its body's links pointed where `targets` say (broken ones kept as written). */
  link<E extends RenderedEntry>(entry: E, targets: LinkTargets): E {
    const done = this.#linked.get(entry);
    if (done?.targets === targets) return done.entry as E;
    const { html } = linkBody(entry.rendered.html, targets, 'keep');
    const linked =
      html === entry.rendered.html ? entry : { ...entry, rendered: { ...entry.rendered, html } };
    this.#linked.set(entry, { targets, entry: linked });
    return linked;
  }
}
