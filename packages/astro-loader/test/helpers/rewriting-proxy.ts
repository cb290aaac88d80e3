/**
 * A small node:http proxy in front of the mock server that rewrites list bodies with
 * `mutate` (the mock server itself refuses invalid data), to serve a malformed item.
 */
export async function startRewritingProxy(
  targetBaseUrl: string,
  mutate: (item: Record<string, unknown>) => void,
) {
  const { createServer } = await import('node:http');
  const target = new URL(targetBaseUrl);
  const proxy = createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url ?? '/', target.origin), {
      headers: { authorization: req.headers.authorization ?? '' },
    });
    const text = await upstream.text();
    let body = text;
    if (upstream.status === 200) {
      const json = JSON.parse(text) as { data?: Record<string, unknown>[] };
      for (const item of json.data ?? []) mutate(item);
      body = JSON.stringify(json);
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const address = proxy.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${address.port}${target.pathname}`,
    close: () => new Promise<void>((done) => proxy.close(() => done())),
  };
}
