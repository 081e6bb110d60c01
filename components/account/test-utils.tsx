import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import account from '@/messages/es/account.json';
import errors from '@/messages/es/errors.json';
import common from '@/messages/es/common.json';
import toast from '@/messages/es/toast.json';
import { SessionProvider } from '@/lib/session/SessionProvider';

export function IntlEs({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider locale="es" messages={{ account, errors, common, toast }} onError={() => {}}>
      {children}
    </NextIntlClientProvider>
  );
}

/**
 * Renders inside a SessionProvider talking to a fake API origin (answered by mockFetch), with the Spanish
 * messages the account UI needs (test helper).
 */
export function withSession(ui: ReactElement) {
  return render(<SessionProvider apiUrl="http://api.test">{ui}</SessionProvider>, { wrapper: IntlEs });
}

type FetchCall = { url: string; method: string; body: unknown; auth: string | null };

/** `cut`: the headers arrive, then reading the body fails (the page navigated away mid-answer). */
type MockAnswer = { status: number; body: unknown; cut?: boolean };

/** A fetch mock answering JSON per "METHOD path" (path without the base URL). */
export function mockFetch(routes: Record<string, MockAnswer | (() => MockAnswer)>) {
  const calls: FetchCall[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const path = url.replace(/^https?:\/\/[^/]+\//, '').split('?')[0];
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined, auth: headers.authorization ?? null });
    const r = routes[`${method} ${path}`];
    if (!r) throw new TypeError('fetch failed');
    const { status, body, cut } = typeof r === 'function' ? r() : r;
    // jsdom has no Response: the client only reads status and json().
    const json = cut ? () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')) : async () => body;
    return { status, ok: status >= 200 && status < 300, json } as unknown as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}

function b64url(obj: unknown): string {
  return Buffer.from(JSON.stringify(obj)).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function fakeJwt(payload: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.sig`;
}
