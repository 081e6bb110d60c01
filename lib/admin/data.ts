import 'server-only';
import { cookies } from 'next/headers';
import { ApiError, apiGet } from '@/lib/api/server';
import { TOKEN_COOKIE } from '@/lib/session/store';

export type StaffLoad<T> = { kind: 'ok'; data: T } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'notFound' };

/**
 * GET a staff API path with the visitor's token (userToken cookie; never cached). The API decides who
 * is staff: 401 → signedOut, 403 → forbidden (a customer), 404/400 → notFound; anything else throws
 * (the route's error boundary shows the something-went-wrong page).
 */
export async function staffGet<T>(path: string): Promise<StaffLoad<T>> {
  const token = (await cookies()).get(TOKEN_COOKIE)?.value;
  if (!token) return { kind: 'signedOut' };
  try {
    return { kind: 'ok', data: await apiGet<T>(path, { token }) };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) return { kind: 'signedOut' };
      if (error.status === 403) return { kind: 'forbidden' };
      if (error.status === 404 || error.status === 400) return { kind: 'notFound' };
    }
    throw error;
  }
}
