/**
 * Prebuilt status pages: the shop's own 503 (API down or hung) and 404 pages, rendered once per locale
 * by Next (app/[locale]/status-template/[kind]: the real layout, header, footer, texts from messages/)
 * and kept in memory, so a response can be answered with them without rendering anything.
 *
 * Why (issue 29, issue 30 item 4):
 * - 503: while the API hangs every uncached page failed after a full React render of the error page
 *   (~38 ms of CPU each). Under load those renders queued behind each other and pushed answers past the
 *   deadline. Now the first API call that finds the API unavailable (breaker open, budget spent, deadline
 *   passed) writes this page at once (lib/api/resilience.ts) and the visitor is answered.
 * - 404: Next 16 renders `notFound()` thrown by a server component as an empty `<html id="__next_error__">`
 *   document (no lang, no header or footer, the not-found UI only after hydration; vercel/next.js#62228).
 *   Every 404 HTML answer gets this page as its body instead (installStatusPages).
 *
 * The templates are fetched over loopback from this same server with a per-process token
 * (lib/status-pages/token.ts), first shortly after the first request (when the listening address is
 * known and the shell's API data can be had) and then again every TEMPLATE_TTL_MS. A template that cannot
 * be rendered (API down before it was ever fetched) is simply absent: the old path (Next's own render)
 * answers meanwhile.
 */
import http from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { LOCALE_INFO, LOCALES, localeFromPath, type Locale } from '@/lib/locales';
import { documentSecurity } from '@/lib/security/csp';
import { storefrontEnv } from '@/lib/env';
import { onEveryRequestStart, processWide, type RequestStart } from '@/lib/process-wide';
import { TEMPLATE_HEADER, TEMPLATE_KINDS, templateToken, type TemplateKind } from './token';

/** Seconds a client should wait before retrying a 503 (the same as Next-rendered 503s). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;
const TEMPLATE_TTL_MS = 10 * 60_000;
const RETRY_FAILED_MS = 5_000;
const FETCH_TIMEOUT_MS = 15_000;
const FIRST_FETCH_DELAY_MS = 1_000;

/** The public path of a template (proxy.ts maps it to app/[locale]/status-template/[kind]). */
const templatePath = (kind: TemplateKind, locale: Locale) => `${LOCALE_INFO[locale].prefix}/status-template/${kind}`;

interface Entry {
  html?: Buffer;
  /** the same, gzipped once: the 503 is written in one synchronous write, never through a zlib stream */
  gzip?: Buffer;
  fetchedAt: number;
  triedAt: number;
  inflight: boolean;
}
interface State {
  entries: Map<string, Entry>;
  origin?: string;
}

const state = () => processWide<State>('statusPages', () => ({ entries: new Map() }));

const entryOf = (kind: TemplateKind, locale: Locale): Entry => {
  const entries = state().entries;
  const key = `${kind}:${locale}`;
  let entry = entries.get(key);
  if (!entry) {
    entry = { fetchedAt: 0, triedAt: 0, inflight: false };
    entries.set(key, entry);
  }
  return entry;
};

/** A whole HTML document of the shop: what a template must be before it is kept. */
export function isTemplateHtml(html: string): boolean {
  return /^<!DOCTYPE html><html lang="[a-zA-Z-]+"/.test(html) && html.includes('</html>') && !html.includes('__next_error__');
}

function fetchTemplate(origin: string, kind: TemplateKind, locale: Locale): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const req = http.get(
      `${origin}${templatePath(kind, locale)}`,
      { headers: { [TEMPLATE_HEADER]: templateToken(), accept: 'text/html' }, timeout: FETCH_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const html = Buffer.concat(chunks);
          resolve(res.statusCode === 200 && isTemplateHtml(html.toString('utf8')) ? html : undefined);
        });
        res.on('error', () => resolve(undefined));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}

/** Fetches the templates that are missing or old, at most one fetch of each at a time. */
function refreshTemplates(now = Date.now()): void {
  const { origin } = state();
  if (!origin) return;
  for (const kind of Object.keys(TEMPLATE_KINDS) as TemplateKind[]) {
    for (const locale of LOCALES) {
      const entry = entryOf(kind, locale);
      const fresh = entry.html && now - entry.fetchedAt < TEMPLATE_TTL_MS;
      if (fresh || entry.inflight || now - entry.triedAt < RETRY_FAILED_MS) continue;
      entry.inflight = true;
      entry.triedAt = now;
      void fetchTemplate(origin, kind, locale).then((html) => {
        entry.inflight = false;
        if (html) {
          entry.html = html;
          entry.gzip = gzipSync(html);
          entry.fetchedAt = Date.now();
        }
      });
    }
  }
}

/** The template, if one was rendered; asks for a fresh one when it is missing or old. */
export function statusTemplate(kind: TemplateKind, locale: Locale): Buffer | undefined {
  const entry = entryOf(kind, locale);
  if (!entry.html || Date.now() - entry.fetchedAt >= TEMPLATE_TTL_MS) refreshTemplates();
  return entry.html;
}

const CACHED_PAGE_HEADERS = (): Record<string, string> => documentSecurity('/status-template', storefrontEnv()).responseHeaders;

/**
 * Answers `res` now with the prebuilt 503 page of its locale: Retry-After, no-store, noindex, the
 * cached pages' CSP (the template's scripts carry no nonce). False (nothing written) when the response
 * has started or no template exists yet: the caller's render goes on and Next answers as before.
 */
export function answerUnavailable(res: http.ServerResponse): boolean {
  if (res.headersSent || res.writableEnded || res.destroyed) return false;
  const req = res.req as http.IncomingMessage | undefined;
  if (!req || isTemplateFetch(req) || isRscRequest(req)) return false;
  const locale = localeFromPath(pathOf(req.url));
  const html = statusTemplate('unavailable', locale);
  if (!html) return false;
  // Precompressed when the client takes gzip: Next's compression middleware leaves an encoded body
  // alone, so the page goes out in this one write instead of through a zlib stream whose output would
  // wait behind the (wasted) renders that run next.
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? entryOf('unavailable', locale).gzip : undefined;
  const body = gzip ?? html;
  for (const name of res.getHeaderNames()) {
    // Next's own caching and content headers belong to the page that was not rendered
    if (/^(?:content-|etag$|x-nextjs-|vary$|link$)/.test(name)) res.removeHeader(name);
  }
  for (const [k, v] of Object.entries(CACHED_PAGE_HEADERS())) res.setHeader(k, v);
  res.writeHead(503, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    vary: 'Accept-Encoding',
    'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/';
const isTemplateFetch = (req: http.IncomingMessage) => req.headers[TEMPLATE_HEADER] !== undefined;
/** Client-side navigations ask for the RSC payload, not HTML: those answers are Next's to make. */
const isRscRequest = (req: http.IncomingMessage) => req.headers.rsc !== undefined || /[?&]_rsc=/.test(req.url ?? '');

type Encoder = (b: Buffer) => Buffer;
const ENCODERS: Record<string, Encoder> = { gzip: (b) => gzipSync(b), deflate: (b) => deflateSync(b), br: (b) => brotliCompressSync(b) };

/**
 * Makes every 404 HTML page this response turns out to be carry the prebuilt not-found page as its
 * body (status and headers stay Next's). Next's own body — the empty error document — is dropped.
 * Next's compression wraps these functions after this runs, so the body arrives here already
 * encoded: the template is encoded the same way (Content-Encoding set by then).
 */
function replaceNotFoundBody(req: http.IncomingMessage, res: http.ServerResponse): void {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || isTemplateFetch(req) || isRscRequest(req)) return;
  const locale = localeFromPath(pathOf(req.url));
  let replacement: Buffer | undefined;
  let decided = false;
  const decide = (status: number, contentType: unknown) => {
    if (decided) return;
    decided = true;
    if (status !== 404 || !String(contentType ?? '').startsWith('text/html')) return;
    replacement = statusTemplate('not-found', locale);
    if (replacement) res.removeHeader('content-length');
  };
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  res.writeHead = function writeHead(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    const headers = rest.find((r) => r && typeof r === 'object' && !Array.isArray(r)) as Record<string, unknown> | undefined;
    const typeKey = headers && Object.keys(headers).find((k) => k.toLowerCase() === 'content-type');
    decide(statusCode, typeKey ? headers[typeKey] : this.getHeader('content-type'));
    if (replacement && headers) {
      for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-length') delete headers[k];
    }
    return (original.writeHead as (...a: unknown[]) => http.ServerResponse).call(this, statusCode, ...rest);
  } as typeof res.writeHead;
  res.write = function write(this: http.ServerResponse, ...args: unknown[]) {
    if (!decided) decide(this.statusCode, this.getHeader('content-type'));
    if (!replacement) return (original.write as (...a: unknown[]) => boolean).apply(this, args);
    const cb = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    if (cb) process.nextTick(cb);
    return true; // Next's body is dropped: the template goes out at end()
  } as typeof res.write;
  res.end = function end(this: http.ServerResponse, ...args: unknown[]) {
    if (!decided) decide(this.statusCode, this.getHeader('content-type'));
    if (!replacement) return (original.end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    const cb = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    if (!this.headersSent) this.writeHead(this.statusCode);
    const encoding = String(this.getHeader('content-encoding') ?? '').toLowerCase();
    const encode = ENCODERS[encoding];
    const body = req.method === 'HEAD' ? undefined : encoding && encoding !== 'identity' ? encode?.(replacement) : replacement;
    const endWith = original.end as (this: http.ServerResponse, ...a: unknown[]) => http.ServerResponse;
    // an encoding we cannot produce (none known today): end with no body rather than a mislabelled one
    return body ? endWith.call(this, body, cb) : endWith.call(this, cb);
  } as typeof res.end;
}

function onRequestStart({ request, response, socket }: RequestStart): void {
  const s = state();
  if (!s.origin && socket?.localPort) {
    const host = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : (socket.localAddress ?? '127.0.0.1');
    s.origin = `http://${host}:${socket.localPort}`;
    setTimeout(() => refreshTemplates(), FIRST_FETCH_DELAY_MS).unref();
  }
  if (request && response) replaceNotFoundBody(request, response);
}

/** Once per server process (instrumentation.ts). */
export function installStatusPages(): boolean {
  return onEveryRequestStart('statusPages', onRequestStart);
}
