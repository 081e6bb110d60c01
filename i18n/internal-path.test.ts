/** @jest-environment node */
import createMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { routing } from './routing';
import { spanishInternalPath } from './internal-path';

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
