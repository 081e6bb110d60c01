/**
 * Global per-IP rate limit. Loopback is allow-listed by default: the storefront's server-side calls
 * all come from one address, and benchmarks run on loopback. Production deployments where the storefront
 * reaches the API from another host add that host's IP to RATE_LIMIT_ALLOWLIST (and set TRUST_PROXY
 * behind a reverse proxy so `req.ip` is the client's).
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError, MESSAGES } from '../errors';

export type RateLimitOptions = {
  /** requests per window per IP */
  max: number;
  /** ms or a duration string such as '1 minute' */
  timeWindow?: number | string;
  allowList: string[];
};

export default fp<RateLimitOptions>(
  async (app, opts) => {
    await app.register(rateLimit, {
      global: true,
      max: opts.max,
      timeWindow: opts.timeWindow ?? '1 minute',
      allowList: opts.allowList,
      // Thrown, then rendered by the central error handler as { success: false, message }.
      errorResponseBuilder: (_req, ctx) => new HttpError(ctx.statusCode, MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limit' },
);
