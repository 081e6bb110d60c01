/**
 * Global per-IP rate limit, keyed by `req.ip`: the address the trusted proxy chain yields (server/app.ts,
 * TRUST_PROXY), never a header alone.
 *
 * Exempt from the global limit: the storefront's own server, recognised by its key header
 * (lib/api/storefront-key.ts), not by its address — behind a reverse proxy on the same host every visitor
 * arrives from loopback too; and addresses in RATE_LIMIT_ALLOWLIST (none by default; e.g. a benchmark host).
 * Never exempt: routes with their own limit (login, register, forgot, verify, Google, auto-login), which
 * guard against guessing and must count everyone.
 */
import { timingSafeEqual } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STOREFRONT_KEY_HEADER } from '../../lib/api/storefront-key';
import { HttpError, MESSAGES } from '../errors';
import { addressMatcher } from '../lib/address-list';

export type RateLimitOptions = {
  /** requests per window per IP */
  max: number;
  /** ms or a duration string such as '1 minute' */
  timeWindow?: number | string;
  /** addresses / CIDRs exempt from the global limit */
  allowList: string[];
  /** the storefront server's key (storefrontKeyFrom(REVALIDATE_SECRET)); unset: no key is accepted */
  storefrontKey?: string;
};

function sameSecret(sent: string | string[] | undefined, expected: Buffer): boolean {
  if (typeof sent !== 'string') return false;
  const got = Buffer.from(sent);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** A route with its own `config.rateLimit` (the auth routes) is a guessing guard: nobody skips it. */
function hasOwnLimit(req: FastifyRequest): boolean {
  const own = (req.routeOptions.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  return typeof own === 'object' && own !== null;
}

export default fp<RateLimitOptions>(
  async (app, opts) => {
    const allowedAddress = addressMatcher(opts.allowList);
    const key = opts.storefrontKey ? Buffer.from(opts.storefrontKey) : null;
    await app.register(rateLimit, {
      global: true,
      max: opts.max,
      timeWindow: opts.timeWindow ?? '1 minute',
      allowList: (req) => {
        if (hasOwnLimit(req)) return false;
        if (key && sameSecret(req.headers[STOREFRONT_KEY_HEADER], key)) return true;
        return allowedAddress(req.ip);
      },
      // Thrown, then rendered by the central error handler as { success: false, message }.
      errorResponseBuilder: (_req, ctx) => new HttpError(ctx.statusCode, MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limit' },
);
