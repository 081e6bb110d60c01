/**
 * How the shop API recognises the storefront's own server (its server-side fetches are exempt from the API's
 * global per-IP limit, never from the auth routes' limits). By a secret, not by its address: behind a
 * reverse proxy on the same host every visitor also arrives from loopback.
 *
 * The key is derived from REVALIDATE_SECRET (already shared by both processes), so there is nothing new to
 * configure, and a leaked key does not let anyone drop the storefront's cache. Used by lib/api/server.ts
 * and server/plugins/rate-limit.ts; node:crypto only (server code on both sides).
 */
import { createHmac } from 'node:crypto';

export const STOREFRONT_KEY_HEADER = 'x-storefront-key';

export function storefrontKeyFrom(revalidateSecret: string): string {
  return createHmac('sha256', revalidateSecret).update('shop-api:storefront-rate-limit:v1').digest('base64url');
}

let memo: { secret: string; key: string } | undefined;

/** The header the storefront's server sends, or none when REVALIDATE_SECRET is unset. */
export function storefrontKeyHeader(env: { REVALIDATE_SECRET?: string }): Record<string, string> {
  const secret = env.REVALIDATE_SECRET?.trim();
  if (!secret) return {};
  if (memo?.secret !== secret) memo = { secret, key: storefrontKeyFrom(secret) };
  return { [STOREFRONT_KEY_HEADER]: memo.key };
}
