import { readdirSync, readFileSync } from 'node:fs';
import { contentCorpus } from './content-corpus.js';

/**
 * Every body the sanitiser's tests run through both of two paths to compare them: the content
 * corpus, the XSS corpora (DOMPurify's, HTML5 Security Cheatsheet's, OWASP's), the real CMS
 * bodies, and a few of our own edge cases.
 */
const xssFiles = ['dompurify.json', 'h5sc.json', 'owasp.json'];
const xss = xssFiles.flatMap((file) => {
  const url = new URL(`../../../../test/reliability/fixtures/xss-corpus/${file}`, import.meta.url);
  const data = JSON.parse(readFileSync(url, 'utf8')) as { payloads: { payload: string }[] };
  return data.payloads.map((p) => p.payload);
});
const realWorldDir = new URL('./real-world/bodies/', import.meta.url);
const realWorld = readdirSync(realWorldDir)
  .filter((file) => file.endsWith('.html'))
  .map((file) => readFileSync(new URL(file, realWorldDir), 'utf8'));

export const sanitiserCorpus: readonly string[] = [
  ...Object.values(contentCorpus),
  ...xss,
  ...realWorld,
  '<p class="callout note-x other">classes</p><h2 class="note-a">Same</h2><h2>Same</h2>',
  '<p>unclosed <div ',
  '',
];
