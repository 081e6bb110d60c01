/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
// the compression middleware Next's router server runs on every request (router-server.js)
import compression from 'next/dist/compiled/compression';
import { TEMPLATE_HEADER, templateToken } from './token';
import { answerUnavailable, installStatusPages, isTemplateHtml, statusTemplate, UNAVAILABLE_RETRY_AFTER_SECONDS } from './templates';

/**
 * A real HTTP server standing in for `next start`'s request handling: the templates are fetched from it
 * over loopback with the token (as from app/[locale]/status-template), its 404 pages are Next's empty
 * error document, and Next's own compression middleware wraps the response after the hook, as in
 * router-server.js. What is checked is what a client receives.
 */
const doc = (lang: string, kind: string) => `<!DOCTYPE html><html lang="${lang}"><head><title>${kind}</title></head><body><header></header><h1>${kind}-${lang}</h1><footer></footer></body></html>`;
// with the RSC payload's scripts, as long as Next's (over compression's 1 kB threshold)
const ERROR_SHELL = `<!DOCTYPE html><html id="__next_error__"><head></head><body><script>${'self.__next_f.push([1,""]);'.repeat(100)}</script></body></html>`;
const compress = compression();
let server: http.Server;
let base = '';
let templateFetches = 0;
let rendersAfterAnswer = 0;

beforeAll(async () => {
  installStatusPages();
  server = http.createServer((req, res) => {
    compress(req, res, () => undefined);
    const url = req.url ?? '/';
    const template = /^(?:\/(en|br))?\/status-template\/(not-found|unavailable)$/.exec(url);
    if (template && req.headers[TEMPLATE_HEADER] === templateToken()) {
      templateFetches += 1;
      const lang = template[1] === 'en' ? 'en' : template[1] === 'br' ? 'pt-BR' : 'es';
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(doc(lang, template[2]!));
      return;
    }
    if (url.startsWith('/outage')) {
      // the render's first API call found the API unavailable; Next then renders its error page and
      // sends it only if nothing was sent (send-payload.js: isResSent)
      answerUnavailable(res);
      setTimeout(() => {
        if (res.headersSent) return;
        rendersAfterAnswer += 1;
        res.statusCode = 500;
        res.end('rendered error page');
      }, 5);
      return;
    }
    if (url.startsWith('/ok')) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<!DOCTYPE html><html lang="es"><body>ok</body></html>');
      return;
    }
    // everything else: Next's answer to notFound(), with its own length, written in two chunks
    res.statusCode = 404;
    res.setHeader('content-type', req.headers.rsc ? 'text/x-component' : 'text/html; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(ERROR_SHELL));
    res.write(ERROR_SHELL.slice(0, 20));
    res.end(ERROR_SHELL.slice(20));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // the first request tells the hook where the server listens; the templates are fetched a second later
  await fetch(`${base}/ok`).then((r) => r.text());
  // every kind in every locale (a loaded machine fetches them more slowly: up to 20 s, not a fixed 5)
  const all = () => (['not-found', 'unavailable'] as const).every((k) => (['es', 'en', 'pt-BR'] as const).every((l) => statusTemplate(k, l)));
  for (let i = 0; i < 400 && !all(); i += 1) {
    await new Promise((r) => setTimeout(r, 50));
  }
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('prebuilt status pages', () => {
  it('fetches one template per kind and locale from this server, with the token', () => {
    expect(templateFetches).toBe(6);
    expect(statusTemplate('not-found', 'pt-BR')?.toString()).toBe(doc('pt-BR', 'not-found'));
  });

  it("keeps only whole documents of the shop, never Next's error shell", () => {
    expect(isTemplateHtml(doc('es', 'x'))).toBe(true);
    expect(isTemplateHtml(ERROR_SHELL)).toBe(false);
    expect(isTemplateHtml('<!DOCTYPE html><html lang="es"><body>cut')).toBe(false);
  });

  it("every 404 HTML answer carries the localized 404 page instead of Next's empty error document", async () => {
    for (const [path, lang] of [
      ['/no/existe', 'es'],
      ['/en/no/existe', 'en'],
      ['/br/nada', 'pt-BR'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(doc(lang, 'not-found'));
    }
  });

  it('also when Next compresses the answer: the template is encoded the same way', async () => {
    const raw = await new Promise<{ status: number; encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/en/comprimido`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(raw.status).toBe(404);
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(doc('en', 'not-found'));
  });

  it('leaves alone client-side navigations (RSC), HEAD bodies, and every other status', async () => {
    const rsc = await fetch(`${base}/no/existe`, { headers: { rsc: '1', 'accept-encoding': 'identity' } });
    expect(rsc.status).toBe(404);
    expect(await rsc.text()).toBe(ERROR_SHELL);
    const head = await fetch(`${base}/no/existe`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
    expect(await (await fetch(`${base}/ok`)).text()).toContain('ok');
  });

  it('an outage answers the prebuilt 503 at once: Retry-After, no-store, noindex, and the late render is not sent', async () => {
    const before = rendersAfterAnswer;
    const res = await fetch(`${base}/outage`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers.get('content-encoding')).toBe('gzip'); // precompressed, not through a zlib stream
    expect(await res.text()).toBe(doc('es', 'unavailable'));
    const plain = await fetch(`${base}/outage`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(doc('es', 'unavailable'));
    await new Promise((r) => setTimeout(r, 20));
    expect(rendersAfterAnswer).toBe(before);
  });

  it('does nothing to a response that has started, or to a client-side navigation', async () => {
    const started = new http.ServerResponse(new http.IncomingMessage(null as never));
    Object.defineProperty(started, 'headersSent', { value: true });
    expect(answerUnavailable(started)).toBe(false);
    const rsc = await fetch(`${base}/outage`, { headers: { rsc: '1' } });
    expect(rsc.status).toBe(500);
    expect(await rsc.text()).toBe('rendered error page');
  });
});
