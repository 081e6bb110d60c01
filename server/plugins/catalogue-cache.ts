/**
 * "Cached browse, live commerce" on the API side: the serialized JSON of catalogue GETs (routes with
 * `config: { catalogueCache: true }`) is kept in memory, keyed by URL.
 *
 * Why: PGlite runs inside this process and executes queries one at a time on the event loop, so a page
 * that costs ~5 ms of SQL caps the API at ~200 pages/s and makes latency grow with concurrency. The
 * catalogue changes rarely and only through this API.
 *
 * Freshness: the cache is cleared by the `catalogue.changed` domain event (server/events), which the
 * services emit after a committed change of products, prices, images, categories, synonyms, carousel,
 * tags or configuration — before the write's answer leaves and before the storefront is told to
 * revalidate (this plugin subscribes first). The whole cache goes (areas are not tracked per entry:
 * catalogue writes are rare, staff-only). Entries also expire after `ttlMs` (default 30 s) to bound
 * staleness from writes made elsewhere (manual SQL). Code that changes the catalogue outside the services
 * (scripts, jobs) calls `app.invalidateCatalogue()`. Validation still runs on hits (bad input → 400).
 *
 * Every route with a write method must declare `config: { invalidates: [...] }`: the catalogue areas its
 * success changes (`['products']`, `['config']`…) or `[]` for none (a login, a chat message). A route
 * that declares nothing makes the app fail to build (onRoute below), so a new write is a conscious
 * choice; server/test/cache-invalidation.test.ts pins the declarations and checks the events behind them.
 *
 * Several API instances: with Redis (`redisUrl`, default REDIS_URL) a write on one instance also drops the
 * others' caches (pub/sub, before the write's response leaves). Without it a storefront told to revalidate
 * could re-render from another instance's stale entry and keep that page for its whole ISR lifetime.
 * Redis hanging or down never holds a write's answer longer than REDIS_COMMAND_TIMEOUT_MS: the publish
 * gives up, the outage is logged once, and until Redis answers again writes publish without waiting
 * (the other instances' entries then expire by their TTL).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_TIMEOUTS } from '../env';
import { closeRedis, connectBounded, createRedis, OutageLog, within, type RedisTimeouts } from '../lib/redis';

const INVALIDATE_CHANNEL = 'shop:catalogue-cache:invalidate';

/** What the cached catalogue GETs read; a write names those it changes. */
const CATALOGUE_AREAS = ['products', 'categories', 'tags', 'carousel', 'config'] as const;
export type CatalogueArea = (typeof CATALOGUE_AREAS)[number];

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
    /** Clears the cache here and on the other API instances (Redis); resolves once they were told. */
    invalidateCatalogue(): Promise<void>;
  }
  interface FastifyContextConfig {
    /** cache this GET's 200 responses (catalogue reads only; never per-user data) */
    catalogueCache?: boolean;
    /**
     * Required on every write route: the catalogue areas its success changes ([] = none). Checked when
     * the route is registered.
     */
    invalidates?: readonly CatalogueArea[];
  }
  interface FastifyRequest {
    catalogueCacheVersion?: number;
  }
}

type Entry = { value: unknown; expires: number; bytes: number };

/** Rough size of a cached value: strings are UTF-16, id lists 8 bytes per entry. */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length * 2;
  if (Array.isArray(value)) return value.length * 8 + 64;
  return 256;
}

export class CatalogueCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** bumped on every invalidation; a value computed under an older version is not stored */
  version = 0;
  hits = 0;
  misses = 0;
  /** "METHOD /url" of every write route → the areas it declared (tests and docs read it) */
  readonly declarations = new Map<string, readonly CatalogueArea[]>();

  constructor(
    readonly ttlMs: number,
    readonly maxBytes: number = 64 * 1024 * 1024,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get<T = string>(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= Date.now()) {
      this.delete(key, e);
      return undefined;
    }
    // refresh recency (Map keeps insertion order: the first entry is the least recently used)
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value as T;
  }

  set(key: string, value: unknown, version = this.version): void {
    if (!this.enabled || version !== this.version) return;
    const bytes = sizeOf(value) + key.length * 2;
    if (bytes > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k, e);
    }
  }

  invalidate(): void {
    this.version++;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The write methods of a route (empty for reads). */
function writeMethods(method: string | string[]): string[] {
  return (Array.isArray(method) ? method : [method]).filter((m) => !READ_METHODS.has(m.toUpperCase()));
}

/** Throws when a write route does not say what it does to the catalogue (or names an unknown area). */
function checkInvalidationDeclared(route: { method: string | string[]; url: string; config?: { invalidates?: readonly string[] } }): void {
  const writes = writeMethods(route.method);
  if (!writes.length) return;
  const declared = route.config?.invalidates;
  if (!Array.isArray(declared)) {
    throw new Error(
      `${writes.join(',')} ${route.url}: declare config.invalidates, the catalogue areas this write changes ` +
        `(${CATALOGUE_AREAS.join(', ')}) or [] when it changes none`,
    );
  }
  const unknown = declared.filter((a) => !(CATALOGUE_AREAS as readonly string[]).includes(a));
  if (unknown.length) throw new Error(`${writes.join(',')} ${route.url}: unknown catalogue area(s) ${unknown.join(', ')}`);
}

export default fp<{ ttlMs: number; maxBytes?: number; redisUrl?: string | null; timeouts?: Partial<RedisTimeouts> }>(
  async (app, opts) => {
    const cache = new CatalogueCache(opts.ttlMs, opts.maxBytes);
    app.decorate('catalogueCache', cache);
    // Routes registered after this plugin (all of the API's) must declare what they invalidate.
    app.addHook('onRoute', (route) => {
      checkInvalidationDeclared(route);
      for (const m of writeMethods(route.method)) cache.declarations.set(`${m.toUpperCase()} ${route.url}`, route.config?.invalidates ?? []);
    });

    let tellOthers = async (): Promise<void> => {};
    const redisUrl = opts.redisUrl === undefined ? process.env.REDIS_URL?.trim() || null : opts.redisUrl;
    if (redisUrl && cache.enabled) {
      const t = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
      const instance = randomUUID();
      const outage = new OutageLog(app.log, 'caché del catálogo');
      const pub = createRedis(redisUrl, t, outage);
      const sub = createRedis(redisUrl, t, outage);
      await connectBounded([pub, sub], t, outage);
      // with Redis not there yet the listener is kept and node-redis subscribes once the connection is ready
      const subscribed = sub.subscribe(INVALIDATE_CHANNEL, (from) => {
        if (from !== instance) cache.invalidate();
      });
      subscribed.catch((err: unknown) => outage.fail(err));
      if (sub.isReady) await within(subscribed, t.redisCommandMs);
      tellOthers = async () => {
        const published = pub.publish(INVALIDATE_CHANNEL, instance).then(() => outage.ok());
        published.catch((err: unknown) => outage.fail(err));
        // during an outage, do not make every write wait for the deadline again
        if (outage.isDown) return;
        if (!(await within(published, t.redisCommandMs))) outage.fail(new Error(`PUBLISH sin respuesta tras ${t.redisCommandMs} ms`));
      };
      app.addHook('onClose', async () => {
        await closeRedis([sub, pub], t);
      });
    }

    const invalidate = async () => {
      cache.invalidate();
      await tellOthers();
    };
    app.decorate('invalidateCatalogue', invalidate);
    app.events.on('catalogue.changed', 'catalogue cache', invalidate);

    const cacheable = (req: FastifyRequest) =>
      cache.enabled && req.method === 'GET' && req.routeOptions.config?.catalogueCache === true;

    app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!cacheable(req)) return;
      const hit = cache.get<string>(req.url);
      if (hit !== undefined) {
        cache.hits++;
        return reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit').send(hit);
      }
      cache.misses++;
      req.catalogueCacheVersion = cache.version;
      reply.header('x-cache', 'miss');
    });

    app.addHook('onSend', async (req, reply, payload) => {
      if (
        req.catalogueCacheVersion !== undefined &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        reply.getHeader('x-cache') === 'miss'
      ) {
        cache.set(req.url, payload, req.catalogueCacheVersion);
      }
      return payload;
    });
  },
  { name: 'catalogue-cache', dependencies: ['events'] },
);
