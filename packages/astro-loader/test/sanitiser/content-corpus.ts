/**
 * Ordinary article HTML as CMSs and Markdown renderers write it: headings, tables (caption,
 * colgroup), code with language classes, figures, responsive images, lists, quotes, footnotes,
 * task lists, details. Sanitising must keep all of it (ids prefixed, heading ids and link rels
 * added: nothing else changes).
 */
export const contentCorpus: Record<string, string> = {
  gfm: `<h1>Release notes</h1>
<p>This release makes <strong>builds faster</strong> and <em>errors clearer</em>.<sup><a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref="" aria-describedby="footnote-label">1</a></sup> See <a href="#upgrading">upgrading</a>.</p>
<h2>Highlights</h2>
<ul class="contains-task-list">
<li class="task-list-item"><input type="checkbox" disabled checked> Incremental sync</li>
<li class="task-list-item"><input type="checkbox" disabled> Live collections</li>
</ul>
<table>
<thead>
<tr><th align="left">Step</th><th align="right">Before</th><th align="right">After</th></tr>
</thead>
<tbody>
<tr><td align="left">Cold build</td><td align="right">61 s</td><td align="right">12 s</td></tr>
<tr><td align="left">Warm build</td><td align="right">9 s</td><td align="right">1.2 s</td></tr>
</tbody>
</table>
<h2>Upgrading</h2>
<pre><code class="language-sh">npm install @content-read/astro-loader@latest
</code></pre>
<blockquote>
<p>Read the <a href="https://example.com/changelog">changelog</a> first.</p>
</blockquote>
<section data-footnotes="" class="footnotes"><h2 id="footnote-label" class="sr-only">Footnotes</h2>
<ol>
<li id="user-content-fn-1">
<p>Measured on a 2-core runner. <a href="#user-content-fnref-1" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a></p>
</li>
</ol>
</section>`,
  wordpress: `<p>Our garden in <time datetime="2026-05-01">May</time>, photographed from the terrace.</p>
<figure><img src="https://cdn.example.com/garden-1024.jpg" srcset="https://cdn.example.com/garden-480.jpg 480w, https://cdn.example.com/garden-1024.jpg 1024w" sizes="(max-width: 600px) 480px, 1024px" alt="Raised beds with tomatoes" width="1024" height="683" loading="lazy" decoding="async"><figcaption>Raised beds, <em>week 18</em>.</figcaption></figure>
<h2 id="what-we-planted">What we planted</h2>
<ol reversed type="i" start="5">
<li>Tomatoes<ul><li>Cherry</li><li>Beefsteak</li></ul></li>
<li>Beans</li>
</ol>
<table>
<caption>Yield per bed</caption>
<colgroup><col span="1"><col span="2" width="40%"></colgroup>
<thead><tr><th scope="col">Bed</th><th scope="col">Kg</th><th scope="col">Notes</th></tr></thead>
<tbody><tr><td>North</td><td>4.2</td><td>Shade after noon</td></tr></tbody>
<tfoot><tr><td>Total</td><td colspan="2">4.2</td></tr></tfoot>
</table>
<details><summary>Soil mix</summary><p>One part compost, two parts loam.</p></details>
<p>More on <a href="https://example.com/soil" target="_blank" rel="noopener noreferrer">soil</a>.</p>`,
  ghost: `<p>A short talk, with slides and a recording.</p>
<picture><source srcset="https://cdn.example.com/slide.avif" type="image/avif"><source srcset="https://cdn.example.com/slide.webp" type="image/webp"><img src="https://cdn.example.com/slide.png" alt="First slide" width="1600" height="900"></picture>
<video src="https://cdn.example.com/talk.mp4" poster="https://cdn.example.com/talk.jpg" controls preload="metadata" width="640" height="360"><track src="https://cdn.example.com/talk.vtt" kind="captions" srclang="en" label="English"></video>
<audio src="https://cdn.example.com/talk.mp3" controls></audio>
<blockquote cite="https://example.com/source"><p>Simplicity is a prerequisite for reliability.</p></blockquote>
<dl><dt>Venue</dt><dd>Main hall</dd><dt>Length</dt><dd>25 min</dd></dl>
<p>Press <kbd>Ctrl</kbd>+<kbd>K</kbd>; H<sub>2</sub>O, E = mc<sup>2</sup>, <abbr title="HyperText Markup Language">HTML</abbr>, <mark>marked</mark>, <del>old</del> <ins>new</ins>, <s>gone</s>, <small>fine print</small>, <q>quoted</q>, <cite>Title</cite>, <var>x</var>, <samp>out</samp>, <ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>.</p>`,
  technical: `<h2>Install</h2>
<p>Run <code>npm i</code>, then see <a href="#configure">Configure</a> and <a href="/docs/other-page#options">the options</a>.</p>
<pre class="language-ts"><code class="language-ts">import { articlesLoader } from '@content-read/astro-loader';
const x = a &lt; b &amp;&amp; c &gt; d;
</code></pre>
<h2>Configure</h2>
<h3>Environment</h3>
<p>Set <code>CONTENT_API_URL</code>.</p>
<h4>On CI</h4>
<pre><code class="language-yaml">env:
  CONTENT_API_URL: \${{ vars.URL }}
</code></pre>
<hr>
<h3>Environment</h3>
<p>A second section with the same title gets its own id.<br>Line two.</p>
<div><p>Wrapped paragraph with <span lang="fr">du français</span> and <a href="mailto:team@example.com">mail</a>.</p></div>`,
};
