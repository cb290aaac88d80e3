import net from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createMockServer, type MockServer, type MockServerOptions } from '../src/index.js';

export const FULL = 'demo-full-access-key';
export const TWO_BLOGS = 'demo-two-blogs-key';
export const PRIVATE_SCOPE = 'demo-private-scope-key';
export const REVOKED = 'demo-revoked-key';
export const OTHER = 'demo-other-workspace-key';

export interface Running {
  server: MockServer;
  baseUrl: string;
  origin: string;
  port: number;
  get(path: string, init?: RequestInit & { key?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** Start a real mock server on 127.0.0.1, port 0. */
export async function start(options: MockServerOptions = {}): Promise<Running> {
  const server = createMockServer(options);
  const running = await server.listen({ port: 0 });
  const origin = new URL(running.baseUrl).origin;
  return {
    server,
    baseUrl: running.baseUrl,
    origin,
    port: running.port,
    get(path, init = {}) {
      const { key, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key !== undefined) headers.set('authorization', `Bearer ${key}`);
      return fetch(`${origin}${path}`, { ...rest, headers });
    },
    close: running.close,
  };
}

/** One server for a whole test file. */
export function useServer(options: MockServerOptions = {}): () => Running {
  let running: Running | undefined;
  beforeAll(async () => {
    running = await start(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  return () => {
    if (running === undefined) throw new Error('server not started');
    return running;
  };
}

/**
 * The distinct answers (status, headers but Date, body) to `/api/v1/articles?blog=` for each of
 * `blogs`, asked with `key`: one answer means the blogs cannot be told apart.
 */
export async function blogFilterAnswers(
  api: Running,
  blogs: readonly string[],
  key: string,
): Promise<Set<string>> {
  const answers = new Set<string>();
  for (const blog of blogs) {
    const res = await api.get(`/api/v1/articles?blog=${blog}`, { key });
    const headers = [...res.headers].filter(([name]) => name !== 'date').join('|');
    answers.add(`${res.status} ${headers}\n${await res.text()}`);
  }
  return answers;
}

/** Send bytes as they are (for requests fetch refuses to make) and return the raw answer. */
export function rawRequest(port: number, text: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let out = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => {
      out += d;
    });
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    socket.write(text);
  });
}

export function statusOf(raw: string): number {
  return Number(raw.slice(9, 12));
}

export async function errorCode(res: Response): Promise<string> {
  const body = (await res.json()) as { error: { code: string } };
  return body.error.code;
}
