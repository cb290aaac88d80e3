import { describe, expect, it } from 'vitest';
import { defaultEmbedProviders } from '../../src/body/cms/embed-providers.js';
import { renderArticleHtml } from '../../src/body/sanitise/sanitiser.js';

const render = (html: string) => renderArticleHtml(html);
const iframe = (src: string) => render(`<figure><iframe src="${src}"></iframe></figure>`);

describe('embeds', () => {
  it.each([
    [
      'https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed',
      'youtube',
      'dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      '//www.youtube.com/watch?v=dQw4w9WgXcQ&start=42',
      'youtube',
      'dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42',
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ',
      'youtube',
      'dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://player.vimeo.com/video/76979871?h=8272103f6e&color=fff',
      'vimeo',
      '76979871',
      'https://player.vimeo.com/video/76979871?dnt=1&h=8272103f6e',
    ],
    [
      'https://codepen.io/team/embed/preview/PoBxXBq',
      'codepen',
      'team/PoBxXBq',
      'https://codepen.io/team/embed/PoBxXBq?default-tab=result',
    ],
    ['https://codepen.io/team/collections/popular', 'codepen', undefined, undefined],
    [
      'https://codepen.io/chriscoyier/pen/gfdDu',
      'codepen',
      'chriscoyier/gfdDu',
      'https://codepen.io/chriscoyier/embed/gfdDu?default-tab=result',
    ],
    [
      'https://open.spotify.com/embed/episode/7makk4oTQel546B0PZlDM5?utm_source=x',
      'spotify',
      'episode/7makk4oTQel546B0PZlDM5',
      'https://open.spotify.com/embed/episode/7makk4oTQel546B0PZlDM5',
    ],
    [
      'https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293&color=%23ff5500',
      'soundcloud',
      'tracks/293',
      'https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293',
    ],
    [
      'https://www.loom.com/share/0123456789abcdef0123456789abcdef?sid=1',
      'loom',
      '0123456789abcdef0123456789abcdef',
      'https://www.loom.com/embed/0123456789abcdef0123456789abcdef',
    ],
  ])('%s plays as a fresh %s iframe', (src, provider, id, url) => {
    const { html, embeds } = iframe(src);
    if (!id) {
      // Not a pen: a link to it, never a player.
      expect(embeds).toEqual([]);
      expect(html).toContain(`<a href="${src}">`);
      return;
    }
    expect(embeds).toEqual([{ provider, id, url }]);
    expect(html).toContain(`src="${(url ?? '').replaceAll('&', '&amp;')}"`);
    expect(html).toMatch(
      / loading="lazy" sandbox="allow-scripts allow-same-origin[^"]*" allow="[^"]*" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"/,
    );
  });

  it('keeps the size as an aspect ratio and writes only fixed attributes', () => {
    const { html } = render(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="640" height="360" title="Talk &amp; demo" onload="alert(1)" srcdoc="<script>alert(1)</script>" style="position:fixed" allow="camera; microphone" name="x"></iframe>',
    );
    expect(html).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Talk &amp; demo" width="640" height="360" style="aspect-ratio: 640 / 360; width: 100%; height: auto" loading="lazy" sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowfullscreen referrerpolicy="strict-origin-when-cross-origin" data-embed="youtube"></iframe>',
    );
  });

  // URL tricks that fooled other sanitisers' hostname checks: none may become a player, and what
  // is written instead is a plain https link or nothing.
  it.each([
    ['userinfo', 'https://www.youtube.com@evil.example/embed/dQw4w9WgXcQ'],
    ['userinfo the other way', 'https://evil.example@www.youtube.com/embed/dQw4w9WgXcQ'],
    ['a lookalike host', 'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ'],
    ['a trailing dot', 'https://www.youtube.com./embed/dQw4w9WgXcQ'],
    ['a port', 'https://www.youtube.com:8443/embed/dQw4w9WgXcQ'],
    ['backslashes', 'https:\\\\evil.example\\www.youtube.com/embed/dQw4w9WgXcQ'],
    ['a path-relative URL', '/www.youtube.com/embed/dQw4w9WgXcQ'],
    ['a scheme-relative URL elsewhere', '//evil.example/www.youtube.com/embed/dQw4w9WgXcQ'],
    ['an IDN lookalike', 'https://www.yоutube.com/embed/dQw4w9WgXcQ'],
    ['a percent-encoded lookalike', 'https://www.youtube%2Ecom%2Eevil.example/embed/dQw4w9WgXcQ'],
    ['javascript: in the query', 'https://www.youtube.com/embed/javascript:alert(1)'],
  ])('%s does not become a player', (_, src) => {
    const { html, embeds } = iframe(src.replaceAll('"', '&quot;'));
    expect(embeds).toEqual([]);
    expect(html).not.toMatch(/<iframe|onload/);
    for (const href of html.match(/href="[^"]*"/g) ?? [])
      expect(href).toMatch(/^href="https?:\/\//);
  });

  it('reads a percent-encoded or IDN host as the browser would, and still writes its own URL', () => {
    const { embeds } = iframe('https://www.youtube%2Ecom/embed/dQw4w9WgXcQ');
    expect(embeds.map((e) => e.url)).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]);
    // What follows the id is not part of it, whatever it holds.
    const quote = iframe('https://player.vimeo.com/video/1&quot;onload=&quot;alert(1)');
    expect(quote.embeds.map((e) => e.url)).toEqual(['https://player.vimeo.com/video/1?dnt=1']);
    expect(quote.html).not.toContain('onload');
    // javascript: in an allowed provider's query is a parameter we never carry over
    const tricky = iframe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&start=javascript:alert(1)');
    expect(tricky.embeds.map((e) => e.url)).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]);
  });

  it('turns any other iframe and script embeds into links, keeping their caption; nothing vanishes', () => {
    const other = render(
      '<figure><iframe src="https://html5-player.libsyn.com/embed/episode/id/1" title="Episode 1"></iframe><figcaption>Listen</figcaption></figure>',
    );
    expect(other.html).toBe(
      '<figure><a href="https://html5-player.libsyn.com/embed/episode/id/1">Episode 1</a><figcaption>Listen</figcaption></figure>',
    );
    const gist = render(
      '<div><script src="https://gist.github.com/octocat/6cad326836d38bd3a7ae.js"></script></div>',
    );
    expect(gist.html).toBe(
      '<div><a href="https://gist.github.com/octocat/6cad326836d38bd3a7ae">https://gist.github.com/octocat/6cad326836d38bd3a7ae</a></div>',
    );
    const insta = render(
      '<iframe src="https://www.instagram.com/p/BXgGcAUjM39/embed/captioned/"></iframe>',
    );
    expect(insta.html).toContain('<a href="https://www.instagram.com/p/BXgGcAUjM39/">');
    // A widget script (tweets' widgets.js) leaves nothing: the blockquote before it has the tweet.
    expect(
      render('<script async src="https://platform.twitter.com/widgets.js"></script>').html,
    ).toBe('');
    // An iframe that loads nothing a reader could follow is reported, not silently dropped.
    expect(render('<iframe src="javascript:alert(1)"></iframe>').warnings).toEqual([
      'an iframe was dropped: its URL "javascript:alert(1)" is not http(s)',
    ]);
  });

  it('never nests a link in a link, and writes no player inside a formula', () => {
    expect(render('<a href="/x">a <iframe src="https://x.example/"></iframe></a>').html).toBe(
      '<a href="/x">a </a><a href="https://x.example/">https://x.example/</a>',
    );
    expect(
      render(
        '<math><mi>x</mi><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></math>',
      ).html,
    ).toBe('<math><mi>x</mi></math>');
  });

  it('takes the providers a site gives: added, removed, or none', () => {
    const peertube = {
      name: 'peertube',
      hosts: ['video.example'],
      match: /^\/videos\/embed\/(?<id>[\w-]{1,64})/,
      src: 'https://video.example/videos/embed/{id}',
      title: 'PeerTube video',
      sandbox: 'allow-scripts allow-same-origin',
      allow: 'fullscreen',
      size: [560, 315] as const,
    };
    const options = {
      embedProviders: [...defaultEmbedProviders.filter((p) => p.name !== 'youtube'), peertube],
    };
    expect(
      renderArticleHtml('<iframe src="https://video.example/videos/embed/abc-1"></iframe>', options)
        .embeds,
    ).toEqual([
      { provider: 'peertube', id: 'abc-1', url: 'https://video.example/videos/embed/abc-1' },
    ]);
    expect(
      renderArticleHtml(
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
        options,
      ).html,
    ).toBe(
      '<a href="https://www.youtube.com/embed/dQw4w9WgXcQ">https://www.youtube.com/embed/dQw4w9WgXcQ</a>',
    );
    expect(
      renderArticleHtml('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>', {
        embedProviders: [],
      }).embeds,
    ).toEqual([]);
  });
});
