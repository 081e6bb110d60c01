/**
 * The shell's navigation (spec §2 "Top bar"): guests see the first four, signed-in users also Orders and Profile;
 * staff see the back-office ("Gestión", /admin) where customers see their orders.
 */
type NavKey = 'home' | 'products' | 'about' | 'faq' | 'orders' | 'admin' | 'profile';

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

const STAFF_NAV: readonly NavItem[] = [
  { key: 'admin', href: '/admin' },
  { key: 'profile', href: '/profile' },
];

export function navItems(signedIn: boolean, staff = false): readonly NavItem[] {
  if (!signedIn) return PUBLIC_NAV;
  return [...PUBLIC_NAV, ...(staff ? STAFF_NAV : ACCOUNT_NAV)];
}

/** Per-user pages: never prefetched (nothing to gain, and they are rendered per request). */
export const ACCOUNT_PATHS: ReadonlySet<string> = new Set(['/login', '/orders', '/profile', '/admin']);

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
const BARE_ROUTES: readonly string[] = ['/autoLogin', '/forgot', '/suscriptions', '/verify', '/reset-password', '/admin/print'];

/** Whether a (locale-less) pathname is one of the routes outside the shell, or below one. */
export function isBarePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return BARE_ROUTES.some((route) => path === route || path.startsWith(`${route}/`));
}
