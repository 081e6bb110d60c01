/**
 * The mocks the checkout tests share (not shipped): the toasts' notify and the public API's handleError, both
 * jest.fn()s to assert on. Installed with
 *   jest.mock('@/components/toast/MessagesProvider', () => jest.requireActual('./test-mocks').messagesMock());
 *   jest.mock('@/lib/api/public', () => jest.requireActual('./test-mocks').publicApiMock());
 */
export const notify = jest.fn();
export const handleError = jest.fn();

export function messagesMock() {
  return { useMessages: () => ({ notify }) };
}

/** The real module, but usePublicApi answers with a do-nothing request and the shared handleError. */
export function publicApiMock() {
  const actual = jest.requireActual<typeof import('@/lib/api/public')>('@/lib/api/public');
  return { ...actual, usePublicApi: () => ({ request: jest.fn(), handleError }) };
}
