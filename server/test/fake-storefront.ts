/**
 * A fake storefront for the API suites that check revalidation: it records every POST /api/revalidate on a
 * free port, and the API under test is pointed at it (STOREFRONT_URL, REVALIDATE_SECRET). Closed after the file.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';

type RevalidateCall = { url: string; secret: string | undefined; tags: string[] };

const REVALIDATE_TEST_SECRET = 'secreto-de-prueba';

/** Polls `fn` until it returns something (every 20 ms, `ms` at most). */
async function waitFor<T>(fn: () => T | undefined, ms = 3000, what = 'timeout'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(what);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function startFakeStorefront() {
  const calls: RevalidateCall[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data || '{}') as { tags?: string[] };
      calls.push({ url: req.url ?? '', secret: req.headers['x-revalidate-secret'] as string | undefined, tags: body.tags ?? [] });
      res.setHeader('content-type', 'application/json');
      res.end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.STOREFRONT_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  process.env.REVALIDATE_SECRET = REVALIDATE_TEST_SECRET;
  after(() => server.close());
  return {
    /** the listening server (a test closes it to play a storefront that is down) */
    server,
    /** every call so far (tests empty it with `calls.length = 0`) */
    calls,
    /** the first call that revalidated `tag` (waits up to `ms`) */
    revalidated: (tag: string, ms = 3000) => waitFor(() => calls.find((c) => c.tags.includes(tag)), ms, `no se revalidó ${tag}: ${JSON.stringify(calls)}`),
  };
}
