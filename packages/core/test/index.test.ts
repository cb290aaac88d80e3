// The public types the docs reference lists, as a user sees them: a missing or changed one fails typecheck.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Article,
  ArticleFilter,
  Blog,
  ClientOptions,
  ContentReadClient,
  Discovery,
  ErrorBody,
  HeldPage,
  InvalidItem,
  InvalidItemsMode,
  Listing,
  ListMeta,
  ListOptions,
  ListPage,
  PagesOptions,
  RequestOptions,
  ResponseEvent,
  RetryEvent,
  RetryOptions,
  TimeoutOptions,
  ValidationIssue,
} from '../src/index.js';

describe('public types', () => {
  it('the client is typed per resource', () => {
    expectTypeOf<ContentReadClient['discover']>().returns.resolves.toEqualTypeOf<Discovery>();
    expectTypeOf<ContentReadClient['listBlogs']>().returns.resolves.toEqualTypeOf<Blog[]>();
    expectTypeOf<ContentReadClient['listArticles']>().returns.resolves.toEqualTypeOf<Article[]>();
    // Checked by the type checker only: the function is never called.
    const _calls = (client: ContentReadClient) => {
      expectTypeOf(client.list('blogs')).resolves.toEqualTypeOf<Listing<Blog>>();
      expectTypeOf(client.list('articles', { blog: 'b' })).resolves.toEqualTypeOf<
        Listing<Article>
      >();
      expectTypeOf(client.pages('articles')).toEqualTypeOf<AsyncIterable<ListPage<Article>>>();
    };
  });

  it('options and events keep their documented shapes', () => {
    expectTypeOf<ClientOptions['retry']>().toEqualTypeOf<RetryOptions | undefined>();
    expectTypeOf<ClientOptions['timeouts']>().toEqualTypeOf<TimeoutOptions | undefined>();
    expectTypeOf<ClientOptions['invalidItems']>().toEqualTypeOf<InvalidItemsMode | undefined>();
    expectTypeOf<ClientOptions['onRetry']>().toEqualTypeOf<
      ((event: RetryEvent) => void) | undefined
    >();
    expectTypeOf<ClientOptions['onResponse']>().toEqualTypeOf<
      ((event: ResponseEvent) => void) | undefined
    >();
    expectTypeOf<InvalidItem['issues']>().toEqualTypeOf<ValidationIssue[]>();
    expectTypeOf<HeldPage['meta']>().toEqualTypeOf<ListMeta | undefined>();
    expectTypeOf<PagesOptions>().toExtend<ListOptions>();
    expectTypeOf<ListOptions>().toExtend<RequestOptions>();
    expectTypeOf<ArticleFilter['blog']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ErrorBody['error']['code']>().toEqualTypeOf<string>();
  });
});
