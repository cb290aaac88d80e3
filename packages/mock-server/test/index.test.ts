// The public types the docs reference lists, as a user sees them: a missing or changed one fails typecheck.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ArticleRecord,
  BlogRecord,
  Dataset,
  DatasetEdits,
  FaultConfig,
  FaultKind,
  ListenOptions,
  LiveDataset,
  MockServer,
  MockServerOptions,
  MockStats,
  RateLimitConfig,
  RequestRecord,
  RunningServer,
} from '../src/index.js';
import type { createMswHandlers } from '../src/msw.js';

describe('public types', () => {
  it('the server object', () => {
    expectTypeOf<MockServer>().toExtend<DatasetEdits>();
    expectTypeOf<MockServer['listen']>().parameter(0).toEqualTypeOf<ListenOptions | undefined>();
    expectTypeOf<MockServer['listen']>().returns.resolves.toEqualTypeOf<RunningServer>();
    expectTypeOf<MockServer['dataset']>().toEqualTypeOf<LiveDataset>();
    expectTypeOf<MockServer['requests']>().toEqualTypeOf<readonly RequestRecord[]>();
    expectTypeOf<MockServer['stats']>().toEqualTypeOf<MockStats>();
    expectTypeOf<MockServer['imageRequests']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<MockServer['origin']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<MockServer['updateArticle']>().returns.toEqualTypeOf<ArticleRecord>();
    expectTypeOf<MockServer['updateBlog']>().returns.toEqualTypeOf<BlogRecord>();
    expectTypeOf<MockServer['setFaults']>().parameter(0).toEqualTypeOf<FaultConfig | undefined>();
  });

  it('options', () => {
    expectTypeOf<MockServerOptions['dataset']>().toEqualTypeOf<Dataset | undefined>();
    expectTypeOf<MockServerOptions['rateLimit']>().toEqualTypeOf<RateLimitConfig | undefined>();
    expectTypeOf<MockServerOptions['origin']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<FaultKind>().toExtend<string>();
    expectTypeOf<Parameters<typeof createMswHandlers>[0]>().toEqualTypeOf<
      MockServer | MockServerOptions | undefined
    >();
  });
});
