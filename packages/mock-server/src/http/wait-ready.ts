/**
 * `content-read-mock --wait <base-url>`: a readiness probe for scripts and CI. Asks the
 * discovery endpoint (public, no key) until it answers 200 with a v1 discovery body, or the
 * time is up. Works against any Content Read API v1, not only this mock.
 */
export async function waitUntilReady(
  baseUrl: string,
  timeoutMs: number,
  intervalMs = 200,
): Promise<{ ready: true } | { ready: false; lastProblem: string }> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  for (;;) {
    try {
      const response = await fetch(baseUrl, { signal: AbortSignal.timeout(intervalMs * 10) });
      const body = (await response.json().catch(() => undefined)) as
        | { version?: unknown }
        | undefined;
      if (response.status === 200 && body?.version === 'v1') return { ready: true };
      lastProblem = `HTTP ${response.status}${body?.version === 'v1' ? '' : ', not a v1 discovery body'}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      lastProblem = cause ?? (error as Error).message;
    }
    if (Date.now() + intervalMs > deadline) return { ready: false, lastProblem };
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
