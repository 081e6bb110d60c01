/**
 * Builds the Fastify app without listening (tests use `app.inject()`; server/main.ts listens).
 * Order matters: infrastructure plugins (security, rate limit, error handler, swagger — which must see
 * every route), then the db decorator, then routes.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import authPlugin, { withRedaction, type AuthPluginOptions } from './auth/plugin';
import type { Db } from './db/client';
import { DEFAULT_ALLOWLIST, DEFAULT_TRUSTED_PROXIES, type Timeouts } from './env';
import { storefrontKeyFrom } from '../lib/api/storefront-key';
import { loadRevalidateSecret } from './services/revalidate';
import catalogueCache from './plugins/catalogue-cache';
import events from './events/plugin';
import eventSubscribers from './events/subscribers';
import dbPlugin from './plugins/db';
import errorHandler, { toHttpError } from './plugins/error-handler';
import { metricsPlugin } from './metrics';
import rateLimit from './plugins/rate-limit';
import { sharedCounters } from './lib/shared-counters';
import search from './plugins/search';
import security from './plugins/security';
import swagger from './plugins/swagger';
import uploads from './plugins/uploads';
import { FsObjectStore } from './storage/fs-store';
import type { ObjectStore } from './storage/object-store';
import storage from './storage/plugin';
import carouselRoutes from './routes/carousel';
import categoryRoutes from './routes/categories';
import checkoutRoutes from './routes/orders';
import wholesaleRoutes from './routes/wholesale';
import cartRoutes from './routes/cart';
import configRoutes from './routes/config';
import healthRoutes from './routes/health';
import authRoutes from './routes/auth';
import productRoutes from './routes/products';
import messageRoutes from './routes/messages';
import notificationRoutes from './routes/notifications';
import stockAlertRoutes from './routes/stock-alerts';
import realtime, { type RealtimeOptions } from './realtime';
import staffRoutes from './routes/staff';
import tagRoutes from './routes/tags';
import userRoutes from './routes/user';

export type BuildAppOptions = {
  db: Db;
  dataDir: string;
  /** pino options, or false for silence (tests) */
  logger?: FastifyServerOptions['logger'];
  /** allowed CORS origins (default http://localhost:3000) */
  corsOrigins?: string[];
  /** allowList: addresses / CIDRs exempt from the global limit (default none); storefrontKey: the storefront
   * server's key (default derived from REVALIDATE_SECRET or the secret in dataDir) */
  rateLimit?: { max?: number; timeWindow?: number | string; allowList?: string[]; storefrontKey?: string };
  /** reverse proxies whose X-Forwarded-For is believed: addresses / CIDRs or `loopback` (default loopback) */
  trustedProxies?: string[];
  /** lifetime of cached catalogue responses in ms; 0 disables the cache (default 30 000) */
  catalogueCacheTtlMs?: number;
  /** sessions, mail and Google sign-in (defaults from JWT_SECRET, SMTP_URL, GOOGLE_CLIENT_ID… see server/auth/plugin.ts) */
  auth?: AuthPluginOptions;
  /** serve the OpenAPI UI and JSON at /docs (env API_DOCS; default off) */
  docs?: boolean;
  /** socket.io (server/realtime): `redisUrl` (default REDIS_URL) shares rooms between API instances */
  realtime?: Pick<RealtimeOptions, 'redisUrl'>;
  /** where files live (server/storage): default the filesystem under dataDir; main.ts passes S3 when S3_BUCKET is set */
  objectStore?: ObjectStore;
  /** deadlines of Redis and SMTP (server/env.ts; default DEFAULT_TIMEOUTS). The database's are set where it is opened. */
  timeouts?: Partial<Timeouts>;
};

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const trustedProxies = opts.trustedProxies ?? DEFAULT_TRUSTED_PROXIES;
  const app = Fastify({
    logger: withRedaction(opts.logger ?? false),
    // Trust only the listed proxies: each APPENDS its client's address to X-Forwarded-For, so req.ip is the
    // first hop (from the right) that is not a listed proxy. Trusting whole networks (or `true`) would let
    // any host there write its own X-Forwarded-For (e.g. 127.0.0.1) and be taken at its word.
    trustProxy: trustedProxies.length > 0 ? trustedProxies : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    bodyLimit: 1024 * 1024,
    // Router failures (malformed %-escapes, a path parameter over maxParamLength) never reach the error
    // handler: answer them with the same Spanish envelope, not Fastify's English text echoing the URL.
    frameworkErrors: (err, _req, reply) => {
      const { status, message, code } = toHttpError(err);
      void (reply as unknown as FastifyReply).code(status).send({ success: false, message, code });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(metricsPlugin);
  await app.register(security, { corsOrigins: opts.corsOrigins ?? ['http://localhost:3000'] });
  await app.register(sharedCounters, { redisUrl: opts.realtime?.redisUrl, timeouts: opts.timeouts });
  await app.register(rateLimit, {
    max: opts.rateLimit?.max ?? 600,
    timeWindow: opts.rateLimit?.timeWindow,
    allowList: opts.rateLimit?.allowList ?? DEFAULT_ALLOWLIST,
    storefrontKey: opts.rateLimit?.storefrontKey ?? storefrontKeyFrom(await loadRevalidateSecret(opts.dataDir)),
  });
  await app.register(errorHandler);
  await app.register(swagger, { ui: opts.docs ?? false });
  await app.register(dbPlugin, { db: opts.db, dataDir: opts.dataDir });
  await app.register(events);
  await app.register(catalogueCache, { ttlMs: opts.catalogueCacheTtlMs ?? 30_000, redisUrl: opts.realtime?.redisUrl, timeouts: opts.timeouts });
  await app.register(search);
  await app.register(storage, { store: opts.objectStore ?? new FsObjectStore(opts.dataDir) });
  await app.register(uploads);
  await app.register(authPlugin, { timeouts: opts.timeouts, ...opts.auth });
  await app.register(realtime, { corsOrigins: opts.corsOrigins ?? ['http://localhost:3000'], timeouts: opts.timeouts, ...opts.realtime });
  await app.register(eventSubscribers);

  await app.register(healthRoutes);
  await app.register(productRoutes, { prefix: '/api' });
  await app.register(categoryRoutes, { prefix: '/api' });
  await app.register(carouselRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(tagRoutes, { prefix: '/api' });
  await app.register(authRoutes);
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(checkoutRoutes, { prefix: '/api' });
  await app.register(wholesaleRoutes, { prefix: '/api' });
  await app.register(staffRoutes, { prefix: '/api/staff' });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(stockAlertRoutes, { prefix: '/api' });

  await app.ready();
  return app as unknown as FastifyInstance;
}
