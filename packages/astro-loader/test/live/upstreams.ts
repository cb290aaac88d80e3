import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMockServer,
  GENERATED_KEYS,
  generateDataset,
  type MockServer,
} from '@content-read/mock-server';
import { answerThrough, startFailingFront } from '@content-read/test-support/mock-server';
import { ignoringBlog } from '../helpers/recording-upstream.js';

/**
 * The real mock server behind a loopback listener that drops our `?blog=` before the mock sees
 * it: an API that implements only the v1 contract, where every listing holds every blog the
 * key reads. Records the paths that reached it.
 */
export async function startContractOnlyUpstream(mock: MockServer) {
  const seen: string[] = [];
  const forward = answerThrough((request) => ignoringBlog(request, mock));
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    void forward(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    seen,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Three public blogs where the first one's slug is the second one's id:
 * blog_0001 (slug "blog_0002"), blog_0002 (slug "blog-2"), blog_0003 (slug "blog-3"), with
 * articles in each. Read with `GENERATED_KEYS.full`.
 */
export function collidingBlogsMock(): MockServer {
  const dataset = generateDataset({ articles: 60, blogs: 3, privateFraction: 0, bodyBytes: 300 });
  const first = dataset.blogs[0];
  if (first) first.slug = 'blog_0002';
  return createMockServer({ dataset });
}

export const KEY = GENERATED_KEYS.full;

/** A key the tests add to the mock, to prove it never reaches a message. */
export const CANARY_KEY = 'canary-live-key-5e1f0c';

/**
 * The real mock server (with CANARY_KEY) behind a loopback listener that can start hanging
 * (accepting connections and never answering) or go down (its port closed: connections
 * refused).
 */
export function startFailingUpstream() {
  const mock = collidingBlogsMock();
  mock.addKey({ id: 'key_canary', team_id: 'team_001', key: CANARY_KEY });
  return startFailingFront(mock);
}

/**
 * The budget of live loaders in tests against a healthy API: one that no loaded machine
 * exhausts (the defaults answer in under 2 s, which a stalled test machine could exceed).
 */
export const UNHURRIED = {
  deadline: 60_000,
  timeouts: { connect: 10_000, headers: 30_000, body: 30_000 },
};
