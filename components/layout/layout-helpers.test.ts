import { CART_QUANTITY_KEY, CART_TOTAL_KEY, parseStoredNumber, readCartSummary } from './cart-summary';
import { ROOT_MESSAGE_PATHS, pickMessages, rootMessages } from './client-messages';
import { isBarePath, isCurrent, navItems } from './nav-items';

describe('cart summary from localStorage', () => {
  it('reads raw and JSON-encoded numbers; anything else is 0', () => {
    expect(parseStoredNumber('1234.5')).toBe(1234.5);
    expect(parseStoredNumber('"1234.5"')).toBe(1234.5);
    expect(parseStoredNumber('12')).toBe(12);
    expect(parseStoredNumber(null)).toBe(0);
    expect(parseStoredNumber('')).toBe(0);
    expect(parseStoredNumber('abc')).toBe(0);
    expect(parseStoredNumber('-5')).toBe(0);
    expect(parseStoredNumber('{"a":1}')).toBe(0);
  });

  it('reads cartTotal and cartQuantity', () => {
    const store: Record<string, string> = { [CART_TOTAL_KEY]: '15300.5', [CART_QUANTITY_KEY]: '24' };
    expect(readCartSummary({ getItem: (k) => store[k] ?? null })).toEqual({ total: 15300.5, quantity: 24 });
    expect(readCartSummary(null)).toEqual({ total: 0, quantity: 0 });
    expect(
      readCartSummary({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toEqual({ total: 0, quantity: 0 });
  });
});

describe('navigation', () => {
  it('guests get Inicio, Productos, Nosotros, FAQ; signed-in users also Pedidos and Perfil', () => {
    expect(navItems(false).map((i) => i.key)).toEqual(['home', 'products', 'about', 'faq']);
    expect(navItems(true).map((i) => i.key)).toEqual(['home', 'products', 'about', 'faq', 'orders', 'profile']);
  });

  it('marks the current section', () => {
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/faq', '/')).toBe(false);
    expect(isCurrent('/products', '/products')).toBe(true);
    expect(isCurrent('/products/x', '/products')).toBe(true);
    expect(isCurrent('/productsx', '/products')).toBe(false);
    expect(isCurrent('/orders/', '/orders')).toBe(true);
  });

  it('knows the routes outside the shell', () => {
    expect(isBarePath('/forgot')).toBe(true);
    expect(isBarePath('/verify/abc')).toBe(true);
    expect(isBarePath('/reset-password/t')).toBe(true);
    expect(isBarePath('/autoLogin')).toBe(true);
    expect(isBarePath('/suscriptions/')).toBe(true);
    expect(isBarePath('/')).toBe(false);
    expect(isBarePath('/login')).toBe(false);
    expect(isBarePath('/forgotten-candles')).toBe(false);
  });
});

describe('pickMessages', () => {
  const all = {
    common: { nav: { home: 'Inicio' }, footer: { about: 'x' }, search: { label: 'Buscar' } },
    errors: { jwt: 'j' },
    pages: { about: { title: 'Nosotros' } },
  };

  it('keeps only the listed paths', () => {
    expect(pickMessages(all, ['common.nav', 'common.search', 'errors', 'missing.path'])).toEqual({
      common: { nav: { home: 'Inicio' }, search: { label: 'Buscar' } },
      errors: { jwt: 'j' },
    });
  });

  it('never sends the server-only namespaces to the client', () => {
    const paths: readonly string[] = ROOT_MESSAGE_PATHS;
    for (const serverOnly of ['pages', 'seo', 'common', 'common.footer', 'home']) expect(paths).not.toContain(serverOnly);
  });

  it('accepts overlapping paths in any order without modifying the messages', () => {
    const source = { account: { login: { open: 'o', title: 't' }, form: { x: 'x' } } };
    const before = JSON.stringify(source);
    const picked = pickMessages(source, ['account.login', 'account.form.x', 'account.login.open']) as typeof source;
    expect(picked).toEqual(source);
    expect(picked.account.login).not.toBe(source.account.login);
    expect(JSON.stringify(source)).toBe(before);
    expect(pickMessages(source, ['account.login.open', 'account.login'])).toEqual({ account: { login: source.account.login } });
  });

  it('adds paths to a base, sharing the subtrees it does not touch', () => {
    const source = { common: { nav: { home: 'Inicio' } }, account: { login: { open: 'o' }, register: { title: 'r' } }, home: { carousel: { next: 'n' } } };
    const base = pickMessages(source, ['common.nav', 'account.login']) as typeof source;
    const before = JSON.stringify(base);
    const picked = pickMessages(source, ['account.register', 'home.carousel'], base) as typeof source;
    expect(picked).toEqual(source);
    expect(JSON.stringify(base)).toBe(before);
    expect(picked.common).toBe(base.common);
    expect(picked.account).not.toBe(base.account);
    expect(picked.account.login).toBe(base.account.login);
  });

  it('rootMessages picks the root paths once per messages object', () => {
    const source = { common: { nav: { home: 'Inicio' }, footer: { about: 'x' } } };
    expect(rootMessages(source)).toBe(rootMessages(source));
    expect(rootMessages(source)).toEqual({ common: { nav: { home: 'Inicio' } } });
  });
});

describe('navItems for staff (issue 32, item 7)', () => {
  it('replaces the customer "Pedidos" with the back-office for staff', () => {
    expect(navItems(true, true).map((i) => `${i.key}:${i.href}`)).toEqual(['home:/', 'products:/products', 'about:/about-us', 'faq:/faq', 'admin:/admin', 'profile:/profile']);
    expect(navItems(false, true).map((i) => i.key)).toEqual(['home', 'products', 'about', 'faq']);
  });
});
