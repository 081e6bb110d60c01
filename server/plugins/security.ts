/**
 * Security headers (helmet) and CORS limited to the storefront origin(s). The API answers JSON only, so
 * its CSP forbids everything; the Swagger UI sets its own CSP on its routes.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../lib/api/order-attempt';

declare module 'fastify' {
  interface FastifyInstance {
    /** the storefront origins CORS answers (STOREFRONT_ORIGINS): the only pages that may use the refresh cookie */
    storefrontOrigins: readonly string[];
  }
}

export default fp<{ corsOrigins: string[] }>(
  async (app, opts) => {
    app.decorate('storefrontOrigins', Object.freeze([...opts.corsOrigins]));
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
      },
      // storefront and API are same-site in every deployment we ship (localhost:3000/4000, www./api.)
      crossOriginResourcePolicy: { policy: 'same-site' },
      // nothing frames a JSON API: DENY, matching frame-ancestors 'none' (helmet's default is SAMEORIGIN)
      frameguard: { action: 'deny' },
    });
    await app.register(cors, {
      origin: opts.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // the checkout's key of POST /api/order (a retry answers the order already created)
      allowedHeaders: ['Content-Type', 'Authorization', 'Accept', 'Accept-Language', IDEMPOTENCY_KEY_HEADER],
      exposedHeaders: [IDEMPOTENT_REPLAYED_HEADER],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
