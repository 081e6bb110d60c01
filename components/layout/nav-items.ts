/** The shell's navigation (spec §2 "Top bar"): guests see the first four, signed-in users also Orders and Profile. */
type NavKey = 'home' | 'products' | 'about' | 'faq' | 'orders' | 'profile';

export interface NavItem {
  key: NavKey;
  href: string;
}

const PUBLIC_NAV: readonly NavItem[] = [
  { key: 'home', href: '/' },
  { key: 'products', href: '/products' },
  { key: 'about', href: '/about-us' },
  { key: 'faq', href: '/faq' },
];

const ACCOUNT_NAV: readonly NavItem[] = [
  { key: 'orders', href: '/orders' },
  { key: 'profile', href: '/profile' },
];

export function navItems(signedIn: boolean): readonly NavItem[] {
  return signedIn ? [...PUBLIC_NAV, ...ACCOUNT_NAV] : PUBLIC_NAV;
}

/** Whether `href` is the current page (or, for sections, an ancestor of it). */
export function isCurrent(pathname: string, href: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}

/**
 * Routes "outside the shell" (spec §2): rendered without the top bar, footer and bottom bar; those
 * pages bring their own minimal header and <main>.
 */
const BARE_ROUTES: readonly string[] = ['/autoLogin', '/forgot', '/suscriptions', '/verify', '/reset-password'];

/** Whether a (locale-less) pathname is one of the routes outside the shell, or below one. */
export function isBarePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return BARE_ROUTES.some((route) => path === route || path.startsWith(`${route}/`));
}
