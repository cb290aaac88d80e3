import { publishedPayloads } from '../../../../test/reliability/support/xss-public.js';
import { contentCorpus } from './content-corpus.js';
import { realWorldBodies } from './real-world-bodies.js';

/**
 * Every body the sanitiser's tests run through both of two paths to compare them: the content
 * corpus, the published XSS suites' payloads (DOMPurify's, HTML5 Security Cheatsheet's,
 * OWASP's), the real CMS bodies, and a few of our own edge cases.
 */
export const sanitiserCorpus: readonly string[] = [
  ...Object.values(contentCorpus),
  ...publishedPayloads.map((payload) => payload.html),
  ...realWorldBodies().map((body) => body.html),
  '<p class="callout note-x other">classes</p><h2 class="note-a">Same</h2><h2>Same</h2>',
  '<p>unclosed <div ',
  '',
];
