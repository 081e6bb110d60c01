/*
 * Test helper (Jest only): the mocks the back-office islands' tests share. A jest.mock factory cannot close
 * over the test file's variables, so the spies live here and the factories fetch them with requireActual:
 *
 *   jest.mock('@/i18n/navigation', () => jest.requireActual<typeof import('./island-mocks')>('./island-mocks').navigationMock);
 *   jest.mock('@/lib/api/public', () => jest.requireActual<typeof import('./island-mocks')>('./island-mocks').publicApiMock());
 *
 * and the test reads `islandSpies.refresh` / `islandSpies.handleError` (reset them in beforeEach).
 */
import type { ReactNode } from 'react';

export const islandSpies = { refresh: jest.fn(), handleError: jest.fn() };

/** @/i18n/navigation: a router whose refresh is the spy; links render their children. */
export const navigationMock = {
  useRouter: () => ({ push: jest.fn(), refresh: islandSpies.refresh }),
  Link: ({ children }: { children: ReactNode }) => children,
};

/** @/lib/api/public: the real requests (tests stub fetch), the error handler a spy. */
export function publicApiMock() {
  const actual = jest.requireActual<typeof import('@/lib/api/public')>('@/lib/api/public');
  return { ...actual, usePublicApi: () => ({ request: actual.publicRequest, handleError: islandSpies.handleError }) };
}
