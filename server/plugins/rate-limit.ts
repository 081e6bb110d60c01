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
import type { CounterStore } from '../lib/shared-counters';

type RateLimitOptions = {
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

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface on the shared counters (server/lib/shared-counters.ts): with REDIS_URL
 * every API host counts in one place, so N hosts do not allow N times the limit. Each route with its own
 * limit gets its own key space (`child`), as the plugin's stores do.
 */
function storeOn(counters: CounterStore) {
  return class SharedStore {
    readonly prefix: string;
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      counters.add(this.prefix + key, timeWindow, 1).then((r) => cb(null, { current: r.count, ttl: r.ttlMs }), (err: Error) => cb(err));
    }
    read(key: string, cb: StoreCallback, timeWindow: number): void {
      counters.add(this.prefix + key, timeWindow, 0).then((r) => cb(null, { current: r.count, ttl: r.ttlMs }), (err: Error) => cb(err));
    }
    // declared as Fastify's route options; the plugin passes its merged route settings, with routeInfo
    child(routeOptions: object): SharedStore {
      const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } }).routeInfo;
      return new SharedStore(`${this.prefix}${method}${url}:`);
    }
  };
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
      store: storeOn(app.counters),
      allowList: (req) => {
        if (hasOwnLimit(req)) return false;
        if (key && sameSecret(req.headers[STOREFRONT_KEY_HEADER], key)) return true;
        return allowedAddress(req.ip);
      },
      // Thrown, then rendered by the central error handler as { success: false, message }.
      errorResponseBuilder: (_req, ctx) => new HttpError(ctx.statusCode, MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limit', dependencies: ['shared-counters'] },
);
