import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatasetEdits } from '../data/edits.js';

const EDIT_PATH = /^\/__mock\/(articles|blogs)\/([^/]+)$/;
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Edits over HTTP, for people trying the mock (a `listen({ editable: true })` server only):
 * `PATCH /__mock/articles/<id>` or `/__mock/blogs/<id>` with a JSON object of the fields to
 * change, checked as the dataset edits check them. Returns false for any other request.
 */
export function answerEdit(
  req: IncomingMessage,
  res: ServerResponse,
  edits: DatasetEdits,
): boolean {
  const match = EDIT_PATH.exec((req.url ?? '').split('?')[0] ?? '');
  if (!match) return false;
  const [, kind, rawId] = match as unknown as [string, 'articles' | 'blogs', string];
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    res
      .writeHead(status, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        ...headers,
      })
      .end(JSON.stringify(body));
  const usage = `Send PATCH /__mock/${kind}/<id> with a JSON object of the fields to change, e.g. {"title":"New title"}.`;
  if (req.method !== 'PATCH') {
    reply(405, { error: 'method_not_allowed', message: usage }, { allow: 'PATCH' });
    return true;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on('end', () => {
    if (size > MAX_BODY_BYTES)
      return reply(413, {
        error: 'body_too_large',
        message: `Over ${MAX_BODY_BYTES} bytes. ${usage}`,
      });
    let patch: unknown;
    try {
      patch = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      patch = undefined;
    }
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
      return reply(400, {
        error: 'invalid_body',
        message: `The body is not a JSON object. ${usage}`,
      });
    const id = decodeURIComponent(rawId);
    try {
      const record =
        kind === 'articles' ? edits.updateArticle(id, patch) : edits.updateBlog(id, patch);
      reply(200, record);
    } catch (error) {
      const message = String((error as Error).message).split('\n')[0] ?? '';
      reply(message.startsWith('No ') ? 404 : 400, { error: 'invalid_edit', message });
    }
  });
  return true;
}
