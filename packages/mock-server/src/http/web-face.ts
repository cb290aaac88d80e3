import type { Handler } from './handler.js';
import type { ImageRoute } from './image-route.js';
import { half, type Outcome } from './outcome.js';
import type { RequestLog } from './request-log.js';

/** What the web face serves from. */
export interface WebFaceParts {
  handler: Handler;
  log: RequestLog;
  images: ImageRoute;
  /**
   * Told each request's origin before it is answered: the mock rewrites its datasets'
   * placeholder origin to the first one it learns (see data/mock-origin.ts).
   */
  onRequest?: (origin: string) => void;
}

/** The web-standard face: Request in, Response out. msw and `server.handle` use it. */
export async function handleWebRequest(parts: WebFaceParts, request: Request): Promise<Response> {
  const { handler, log, images } = parts;
  const url = new URL(request.url);
  parts.onRequest?.(url.origin);
  const target = `${url.pathname}${url.search}`;
  if (images.owns(target)) {
    const method = request.method.toUpperCase();
    const image = await images.answer(method, target, request.headers.get('if-none-match'));
    return new Response(bodyOf(image, request.signal), {
      status: image.status,
      headers: headersOf(image),
    });
  }
  const started = performance.now();
  const outcome = handler.respond({
    method: request.method.toUpperCase(),
    target,
    authorization: request.headers.get('authorization'),
    ifNoneMatch: request.headers.get('if-none-match'),
  });
  const record = log.begin(request.method.toUpperCase(), target, outcome);
  const { delivery } = outcome;
  const signal = request.signal;
  if (delivery.delayMs > 0) await sleep(delivery.delayMs, signal);
  if (delivery.stall?.at === 'headers') await sleep(delivery.stall.ms, signal);
  const response = new Response(bodyOf(outcome, signal), {
    status: outcome.status,
    headers: headersOf(outcome),
  });
  log.end(record, performance.now() - started);
  return response;
}

function headersOf(outcome: Outcome): Headers {
  const headers = new Headers(outcome.headers);
  if (outcome.delivery.cut === 'truncate' && outcome.body !== null) {
    headers.set('content-length', String(half(outcome.body).length));
  }
  return headers;
}

function bodyOf(outcome: Outcome, signal: AbortSignal): ConstructorParameters<typeof Response>[0] {
  const { body, delivery } = outcome;
  if (body === null) return null;
  if (delivery.cut === 'truncate') return new Uint8Array(half(body));
  if (delivery.cut === 'reset') {
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(half(body)));
        controller.error(new Error('connection reset by the mock server (injected fault)'));
      },
    });
  }
  const stall = delivery.stall;
  if (stall?.at === 'body') {
    return new ReadableStream<Uint8Array>({
      async start(controller) {
        const first = half(body);
        controller.enqueue(new Uint8Array(first));
        await sleep(stall.ms, signal);
        controller.enqueue(new Uint8Array(body.subarray(first.length)));
        controller.close();
      },
    });
  }
  return new Uint8Array(body);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
