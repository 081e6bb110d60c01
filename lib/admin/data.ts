import 'server-only';
import type { z } from 'zod';
import { cookies } from 'next/headers';
import { ApiError, apiGet, apiRead } from '@/lib/api/server';
import { isTokenExpired, TOKEN_COOKIE } from '@/lib/session/store';

/** renew: the API refused the access token (expired after 15 minutes): the browser renews it (ADR 0005). */
export type StaffLoad<T> = { kind: 'ok'; data: T } | { kind: 'signedOut' } | { kind: 'renew' } | { kind: 'forbidden' } | { kind: 'notFound' };

/**
 * GET a staff API path with the visitor's token (userToken cookie; never cached). The API decides who
 * is staff: no token → signedOut, an expired or refused one (401) → renew, 403 → forbidden (a customer), 404/400 → notFound; anything else throws
 * (the route's error boundary shows the something-went-wrong page).
 */
export async function staffGet<T>(path: string): Promise<StaffLoad<T>> {
  return staffLoad((token) => apiGet<T>(path, { token }));
}

/** `staffGet` parsed with the resource's contract (lib/contracts/): an answer that does not match it throws (502). */
export async function staffRead<S extends z.ZodType>(schema: S, path: string): Promise<StaffLoad<z.output<S>>> {
  return staffLoad((token) => apiRead(schema, path, { token }));
}

async function staffLoad<T>(read: (token: string) => Promise<T>): Promise<StaffLoad<T>> {
  const token = (await cookies()).get(TOKEN_COOKIE)?.value;
  if (!token) return { kind: 'signedOut' };
  if (isTokenExpired(token)) return { kind: 'renew' };
  try {
    return { kind: 'ok', data: await read(token) };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) return { kind: 'renew' };
      if (error.status === 403) return { kind: 'forbidden' };
      if (error.status === 404 || error.status === 400) return { kind: 'notFound' };
    }
    throw error;
  }
}
