/**
 * The next/navigation mock of the account tests (not shipped): one router of jest.fn()s the tests assert on.
 * Used as `jest.mock('next/navigation', () => jest.requireActual('./test-router').navigationAt('/login'))`.
 */
export const router = { push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), forward: jest.fn(), prefetch: jest.fn() };

export function navigationAt(pathname: string) {
  return {
    useRouter: () => router,
    usePathname: () => pathname,
    useSearchParams: () => new URLSearchParams(),
    useParams: () => ({ locale: 'es' }),
  };
}
