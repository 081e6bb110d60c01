import 'server-only';
import { cookies } from 'next/headers';
import { ApiError, apiGet } from '@/lib/api/server';
import { orderDetailSchema } from '@/lib/contracts/orders';
import type { Order } from '@/lib/api/orders';
import { isTokenExpired, TOKEN_COOKIE } from '@/lib/session/store';
import { apiPaths } from '@/lib/api/paths';

/** renew: a session whose access token the API refused (expired): the browser renews it (ADR 0005). */
export type OrderLoad = { kind: 'ok'; order: Order } | { kind: 'notFound' } | { kind: 'signedOut' } | { kind: 'renew' };

/** A positive integer id from the route segment, or null. */
export function parseOrderId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * GET api/order/{id} with the visitor's token (userToken cookie; no-store). Another customer's order or
 * an unknown id → the API answers 404 → notFound; no token → signedOut; an expired or refused one → renew
 * (the page sends the browser to /renew-session, which holds the refresh cookie's key); anything else throws
 * (the route's error boundary shows the something-went-wrong page).
 */
export async function loadOrder(id: number): Promise<OrderLoad> {
  const token = (await cookies()).get(TOKEN_COOKIE)?.value;
  if (!token) return { kind: 'signedOut' };
  // decoded, not trusted: an expired access token is not worth an API call
  if (isTokenExpired(token)) return { kind: 'renew' };
  try {
    // The API's own contract: a field it sends cannot be lost here (a mismatch throws → error page).
    return { kind: 'ok', order: orderDetailSchema.parse(await apiGet<unknown>(apiPaths.order(id), { token })) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'notFound' };
    if (error instanceof ApiError && error.status === 401) return { kind: 'renew' };
    throw error;
  }
}
