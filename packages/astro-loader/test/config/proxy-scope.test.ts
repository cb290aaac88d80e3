import { afterEach, describe, expect, it } from 'vitest';
import { setProxyScope, widerProxyWarning } from '../../src/build-time/config/proxy-scope.js';
import { articlesLoader } from '../../src/index.js';
import { loaderContext } from '../helpers/loader-context.js';

describe('a proxy wider than the loaders', () => {
  afterEach(() => setProxyScope(undefined));

  it('warns, naming both, when the loaders read some blogs and the proxy serves every one', () => {
    setProxyScope({ path: '/api/content', blogs: undefined });
    expect(widerProxyWarning('articles', ['news', 'blog_02'])).toBe(
      'Collection "articles" reads only the blogs "news", "blog_02", but the proxy at /api/content (contentRead({ proxy })) serves every blog the key reads: set proxy.blogs to the same blogs, so that browsers read no more than the site shows.',
    );
  });

  it('names the blogs the proxy serves beyond the loaders', () => {
    setProxyScope({ path: '/api/content', blogs: ['news', 'design'] });
    expect(widerProxyWarning('articles', ['news'])).toContain('also serves "design"');
  });

  it('says nothing when the proxy serves no more, when loaders read every blog, or without a proxy', () => {
    setProxyScope({ path: '/api/content', blogs: ['news'] });
    expect(widerProxyWarning('articles', ['news', 'design'])).toBeUndefined();
    setProxyScope({ path: '/api/content', blogs: undefined });
    expect(widerProxyWarning('articles', undefined)).toBeUndefined();
    setProxyScope(undefined);
    expect(widerProxyWarning('articles', ['news'])).toBeUndefined();
  });

  it('is said by the sync of a loader with blogs, in a build whose contentRead() has a proxy', async () => {
    setProxyScope({ path: '/api/content', blogs: undefined });
    const warnings: string[] = [];
    const context = loaderContext((line) => warnings.push(line));
    // Nothing listens on port 9: the sync fails after its first step, which is the warning.
    const loader = articlesLoader({
      apiKey: 'unit-test-key',
      baseUrl: 'http://127.0.0.1:9/api/v1',
      blogs: ['news'],
      retry: { retries: 0 },
    });
    await expect(loader.load(context)).rejects.toThrow();
    expect(warnings).toContain(widerProxyWarning('articles', ['news']));
  });
});
