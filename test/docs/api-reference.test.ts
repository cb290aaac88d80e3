/**
 * The options reference of the docs site is written from the packages' types and doc comments
 * (docs/scripts/api-reference.ts), and so are its errors and command-line pages: this fails on a
 * public option, an options type, an error class, an error code of the proxy or a webhook or a
 * prop of <ArticleBody> that has no doc comment, and on a flag a command's --help and its parser disagree on, so
 * nothing reaches the reference undescribed.
 */
import { describe, expect, it } from 'vitest';
import {
  readArticleBodyProps,
  readErrorClasses,
  readExports,
  readOptionTypes,
  readProxyErrorCodes,
  readPublishErrorCodes,
  readRefreshErrorCodes,
  readUnexportedErrorClasses,
} from '../../docs/scripts/api-reference.ts';
import { readCliCommands } from '../../docs/scripts/cli-reference.ts';
import { REFRESH_ERRORS } from '../../packages/astro-loader/src/build-time/integration/refresh-error-codes.js';
import { PROXY_ERRORS } from '../../packages/astro-loader/src/server/proxy/error-codes.js';
import { PUBLISH_ERRORS } from '../../packages/astro-loader/src/server/publish/error-codes.js';

const types = readOptionTypes();

describe('the options reference', () => {
  it('reads the options of every loader, the integration, the live helpers, the client and the mock server', () => {
    const names = types.map((t) => `${t.from} ${t.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        '@content-read/astro-loader ArticlesLoaderOptions',
        '@content-read/astro-loader BlogsLoaderOptions',
        '@content-read/astro-loader ContentReadOptions',
        '@content-read/astro-loader ProxyOptions',
        '@content-read/astro-loader/live LiveLoaderOptions',
        '@content-read/astro-loader/live-highlight LiveHighlightOptions',
        '@content-read/astro-loader/feed FeedItemsOptions',
        '@content-read/core ClientOptions',
        '@content-read/mock-server MockServerOptions',
      ]),
    );
    const articles = types.find((t) => t.name === 'ArticlesLoaderOptions');
    expect(articles?.options.map((o) => o.name)).toEqual(
      expect.arrayContaining(['baseUrl', 'apiKey', 'sanitiseWorkers', 'transformHtml']),
    );
  });

  it('has a doc comment for every public option and every options type', () => {
    const undocumented = types.flatMap((t) => [
      ...(t.doc ? [] : [`${t.from}: the type ${t.name}`]),
      ...t.options.filter((o) => !o.doc).map((o) => `${t.from}: ${t.name}.${o.name}`),
    ]);
    expect(undocumented).toEqual([]);
  });

  it('lists every exported error class and every proxy error code, each described', () => {
    const classes = readErrorClasses();
    expect(classes.map((c) => c.name)).toEqual(
      expect.arrayContaining(['ContentReadLoaderError', 'ContentReadLiveError', 'NetworkError']),
    );
    expect(classes.filter((c) => !c.doc).map((c) => `${c.from}: ${c.name}`)).toEqual([]);
    const codes = readProxyErrorCodes();
    expect(Object.fromEntries(codes.map((c) => [c.code, c.status]))).toEqual(PROXY_ERRORS);
    expect(codes.filter((c) => !c.doc).map((c) => c.code)).toEqual([]);
  });
});

describe('the rest of the reference', () => {
  it('describes every export of every entry point', () => {
    const exports = readExports();
    expect(exports.map((e) => `${e.from} ${e.name}`)).toEqual(
      expect.arrayContaining([
        '@content-read/astro-loader articlesLoader',
        '@content-read/astro-loader/live articlesLiveLoader',
        '@content-read/core createClient',
        '@content-read/mock-server createMockServer',
      ]),
    );
    expect(exports.filter((e) => !e.doc).map((e) => `${e.from}: ${e.name}`)).toEqual([]);
  });

  it("describes every error a package throws without exporting it (it is met in a build's output)", () => {
    const classes = readUnexportedErrorClasses();
    expect(classes.map((c) => c.name)).toEqual(
      expect.arrayContaining(['MissingConnectionError', 'UnknownBlogError', 'DeadlineError']),
    );
    // A base class is met only as the classes that extend it.
    expect(classes.map((c) => c.name)).not.toContain('OneLineError');
    expect(classes.filter((c) => !c.doc).map((c) => `${c.from}: ${c.name}`)).toEqual([]);
  });

  it('lists every error code of the publish webhook, each with its status, described', () => {
    const codes = readPublishErrorCodes();
    expect(Object.fromEntries(codes.map((c) => [c.code, c.status]))).toEqual(PUBLISH_ERRORS);
    expect(codes.filter((c) => !c.doc).map((c) => c.code)).toEqual([]);
  });

  it('lists every error code of the astro dev refresh webhook, each with its status, described', () => {
    const codes = readRefreshErrorCodes();
    expect(Object.fromEntries(codes.map((c) => [c.code, c.status]))).toEqual(REFRESH_ERRORS);
    expect(codes.filter((c) => !c.doc).map((c) => c.code)).toEqual([]);
  });

  it("describes every prop of <ArticleBody>, from its component's Props", () => {
    const props = readArticleBodyProps();
    expect(props.map((p) => p.name)).toEqual(['entry', 'html', 'components']);
    expect(props.filter((p) => !p.doc).map((p) => p.name)).toEqual([]);
  });

  it.each(readCliCommands().map((c) => [c.command, c] as const))(
    '%s: --help names exactly the flags it parses, each described',
    (_, command) => {
      expect(command.flags.map((f) => f.name).sort()).toEqual([...command.parsed].sort());
      expect(command.flags.filter((f) => !f.doc).map((f) => f.flag)).toEqual([]);
    },
  );
});
