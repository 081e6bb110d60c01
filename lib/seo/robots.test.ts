/** @jest-environment node */
import { disallowList, robotsRules } from './robots';

function blocked(path: string): boolean {
  // Google's matching: prefix, "*" wildcard, "$" end anchor.
  return disallowList().some((rule) => {
    const re = new RegExp(`^${rule.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}`);
    return re.test(path);
  });
}

describe('robots.txt rules', () => {
  it.each(['/cart', '/checkout', '/profile', '/orders/', '/orders', '/order/12', '/login', '/register', '/en/cart', '/br/login', '/en/order/3'])(
    'disallows %s',
    (path) => expect(blocked(path)).toBe(true),
  );

  it.each(['/products?sort=newest', '/velas?page=2', '/en/products?query=x&page=3'])('disallows sorted/paged lists %s', (path) =>
    expect(blocked(path)).toBe(true),
  );

  it.each(['/products?query=lavanda&category=velas', '/en/products?category=velas&query=x', '/products?category=velas'])(
    'disallows category-filtered searches %s (one URL per category per search)',
    (path) => expect(blocked(path)).toBe(true),
  );

  it.each(['/', '/products', '/velas', '/cartas-de-tarot', '/loginas', '/en/about-us', '/products?query=vela', '/velas/vela-de-soja'])(
    'allows %s',
    (path) => expect(blocked(path)).toBe(false),
  );

  it('points at the sitemap on the public site', () => {
    process.env.PUBLIC_SITE_URL = 'https://tienda.example';
    expect(robotsRules().sitemap).toBe('https://tienda.example/sitemap.xml');
  });
});
