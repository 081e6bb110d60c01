import { guardRedirect, isProtectedPath, safeNext } from './guard';

describe('guardRedirect', () => {
  it.each([
    ['/checkout', '/login?next=%2Fcheckout'],
    ['/checkout/shipping', '/login?next=%2Fcheckout%2Fshipping'],
    ['/profile', '/login?next=%2Fprofile'],
    ['/orders', '/login?next=%2Forders'],
    ['/orders/', '/login?next=%2Forders%2F'],
    ['/price-list', '/login?next=%2Fprice-list'],
    ['/en/price-list', '/en/login?next=%2Fen%2Fprice-list'],
    ['/order/42', '/login?next=%2Forder%2F42'],
    ['/en/profile', '/en/login?next=%2Fen%2Fprofile'],
    ['/br/order/7', '/br/login?next=%2Fbr%2Forder%2F7'],
    ['/en/checkout', '/en/login?next=%2Fen%2Fcheckout'],
    ['/admin', '/login?next=%2Fadmin'],
    ['/admin/orders/5', '/login?next=%2Fadmin%2Forders%2F5'],
    ['/admin/config', '/login?next=%2Fadmin%2Fconfig'],
    ['/en/admin', '/en/login?next=%2Fen%2Fadmin'],
    ['/br/admin/orders/5', '/br/login?next=%2Fbr%2Fadmin%2Forders%2F5'],
  ])('sends %s without a token to %s', (path, to) => {
    expect(guardRedirect(path, false)).toBe(to);
  });

  it.each(['/checkout', '/profile', '/orders/', '/order/42', '/en/profile', '/admin', '/br/admin/config'])('lets %s through with a token', (path) => {
    expect(guardRedirect(path, true)).toBeNull();
  });

  it.each([
    '/',
    '/en',
    '/br',
    '/login',
    '/register',
    '/products',
    '/cart',
    '/velas',
    '/velas/vela-de-soja',
    '/order',
    '/orderly',
    '/profiles',
    '/checkouts',
    '/en/products',
    '/verify/abc',
    '/autoLogin',
  ])('leaves public %s alone', (path) => {
    expect(guardRedirect(path, false)).toBeNull();
  });

  it('a category slug that merely starts like a protected path is public', () => {
    expect(isProtectedPath('/profile-aromas')).toBe(false);
    expect(isProtectedPath('/order/1/extra')).toBe(false);
    expect(isProtectedPath('/administracion')).toBe(false);
  });
});

describe('safeNext', () => {
  it('keeps same-origin paths', () => {
    expect(safeNext('/profile')).toBe('/profile');
    expect(safeNext('/en/order/3?tab=chat')).toBe('/en/order/3?tab=chat');
  });
  it.each([null, undefined, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/a\nb'])(
    'refuses %p',
    (n) => {
      expect(safeNext(n as string | null)).toBe('/');
    },
  );
});
