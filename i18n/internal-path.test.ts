/** @jest-environment node */
import createMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { routing } from './routing';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defaultListingPath, internalListingNotFound, spanishInternalPath } from './internal-path';
import reservedSegments from './reserved-segments.json';

const nextIntl = createMiddleware({ ...routing, alternateLinks: false });
const origin = 'http://shop.test';

/** Where next-intl's middleware sends a path: its rewrite target, or its redirect, or "next". */
function nextIntlAnswer(pathAndQuery: string): { rewrite: string | null; location: string | null } {
  const res = nextIntl(new NextRequest(new URL(pathAndQuery, origin)));
  return { rewrite: res.headers.get('x-middleware-rewrite'), location: res.headers.get('location') };
}

describe('spanishInternalPath (the proxy fast path)', () => {
  // Unprefixed Spanish URLs, including ones whose first segment merely starts like a locale.
  const spanish = [
    '/',
    '/products',
    '/velas',
    '/velas/vela-de-miel',
    '/esencias-y-aceites',
    '/esencias-y-aceites/aceite-esencial-puro-10-ml',
    '/english-tea',
    '/brillo/bruma',
    '/pt-brasil',
    '/about-us',
    '/cart',
    '/checkout',
    '/products/sahumerio-%C3%B1andu',
    '/esta-pagina-no-existe',
  ];

  it.each(spanish)('%s: the same rewrite next-intl makes', (path) => {
    for (const query of ['', '?sort=name&page=2', '?query=vela%20roja']) {
      const internal = spanishInternalPath(path);
      expect(internal).not.toBeNull();
      const answer = nextIntlAnswer(path + query);
      expect(answer.location).toBeNull();
      expect(answer.rewrite).toBe(`${origin}${internal}${query}`);
    }
  });

  it.each(['/en', '/en/faq', '/br', '/br/velas', '/es', '/es/velas', '/ES/velas', '/pt-BR/faq', '/pt-br'])(
    '%s: left to next-intl (a locale prefix)',
    (path) => {
      expect(spanishInternalPath(path)).toBeNull();
    },
  );
});

describe('defaultListingPath (query-less listings → their cached route)', () => {
  it.each([
    ['/products', '/es/catalogue-default'],
    ['/velas', '/es/catalogue-default/velas'],
    ['/esencias-y-aceites', '/es/catalogue-default/esencias-y-aceites'],
    ['/en/products', '/en/catalogue-default'],
    ['/en/velas', '/en/catalogue-default/velas'],
    ['/br/products', '/pt-BR/catalogue-default'],
    ['/br/velas', '/pt-BR/catalogue-default/velas'],
  ])('%s → %s', (pathname, internal) => {
    expect(defaultListingPath(pathname)).toBe(internal);
  });

  it.each([
    '/',
    '/en',
    '/br',
    '/es',
    '/ES',
    '/pt-BR',
    '/about-us',
    '/faq',
    '/cart',
    '/checkout',
    '/login',
    '/en/faq',
    '/br/cart',
    '/catalogue-default',
    '/velas/vela-de-miel',
    '/products/sahumerio-nag-champa',
    '/es/velas',
    '/manifest.webmanifest',
  ])('%s: not a listing', (pathname) => {
    expect(defaultListingPath(pathname)).toBeNull();
  });

  // A new page folder missing from the list would be taken for a category and answer 404.
  it('knows every page folder of app/[locale] as not a category', () => {
    const root = path.join(__dirname, '..', 'app', '[locale]');
    const folders = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) => (/^\(.*\)$/.test(d.name) ? folders(path.join(dir, d.name)) : [d.name]))
        .filter((name) => !name.startsWith('['));
    const pages = folders(root);
    expect(pages).toEqual(expect.arrayContaining(['products', 'cart', 'about-us', 'catalogue-default']));
    for (const name of pages) expect(reservedSegments).toContain(name);
  });
});

describe('internalListingNotFound', () => {
  it.each([
    ['/catalogue-default', '/es/catalogue-default/-/-'],
    ['/catalogue-default/velas', '/es/catalogue-default/-/-'],
    ['/en/catalogue-default', '/en/catalogue-default/-/-'],
    ['/br/catalogue-default/velas', '/pt-BR/catalogue-default/-/-'],
  ])('%s → the 404 page (%s)', (pathname, target) => {
    expect(internalListingNotFound(pathname)).toBe(target);
  });

  it.each(['/products', '/velas', '/catalogue-defaults', '/en/velas'])('%s: left alone', (pathname) => {
    expect(internalListingNotFound(pathname)).toBeNull();
  });
});
