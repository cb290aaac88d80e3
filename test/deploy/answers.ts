/** The requests the deploy matrix sends, kept for the key check, and its one-line failures. */
import type { Server } from './servers.js';

/** One request and its answer, kept for the check that no answer holds the key. */
export interface Answer {
  method: string;
  path: string;
  status: number;
  text: string;
  headers: string;
}

/** A GET of `path` on `server` (with `headers`), kept in `answers`. */
export function get(
  server: Server,
  path: string,
  answers: Answer[],
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send(server, path, answers, { headers });
}

/** A JSON POST of `body` to `path` on `server`, with `authorization` if given, kept in `answers`. */
export function post(
  server: Server,
  path: string,
  answers: Answer[],
  body: unknown,
  authorization?: string,
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;
  return send(server, path, answers, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function send(
  server: Server,
  path: string,
  answers: Answer[],
  init: RequestInit,
): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, { ...init, redirect: 'manual' });
  const headers = [...res.headers].map(([n, v]) => `${n}: ${v}`).join('\n');
  const method = init.method ?? 'GET';
  const answer = { method, path, status: res.status, text: await res.text(), headers };
  answers.push(answer);
  return answer;
}

/** The value of header `name` (lowercase) in `answer`, or undefined. */
export function header(answer: Answer, name: string): string | undefined {
  const line = answer.headers.split('\n').find((l) => l.startsWith(`${name}: `));
  return line?.slice(name.length + 2);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
  nbsp: ' ',
};

/** The visible text of some HTML, entities decoded and whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One line: what a failed check says. */
export function oneLine(text: string, max = 500): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** What an answer said, for a failure line: its text and, for a 5xx, the server's last error. */
export function said(answer: Answer, server: Server): string {
  const body = textOf(answer.text).slice(0, 200) || '(empty body)';
  if (answer.status < 500) return body;
  const lines = server.output().split('\n');
  const at = lines.findLastIndex((l) => /error|exception/i.test(l) && !/^\s+at /.test(l));
  const log = at < 0 ? '(nothing)' : `${lines[at]?.trim()} ${lines[at + 1]?.trim() ?? ''}`;
  return `${body}; server log: ${log}`;
}
