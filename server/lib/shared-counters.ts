/**
 * Fixed-window counters shared by every API host: the global rate limit, the per-route limits of the auth
 * routes, the login / password / reset-mail throttles and the chat limiter (issue 21). Behind N hosts, counts
 * kept in each process would allow N times as much; with REDIS_URL they live in Redis (one INCR + PEXPIRE per
 * event, in a Lua script so a window can never be left without its expiry).
 *
 * Redis is still never a dependency of a request (server/lib/redis.ts): a counter operation waits at most
 * REDIS_COMMAND_TIMEOUT_MS, and while Redis is away — not connected, failing or late — this process counts in
 * its own memory (logged once per outage). Limits are then per host until Redis returns, which is the best a
 * host can do alone; refusing logins or orders because Redis is down would be worse.
 */
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Timeouts } from '../env';
import { closeRedis, connectBounded, createRedis, OutageLog, type Redis, type RedisTimeouts } from './redis';

export type Count = { count: number; ttlMs: number };

export interface CounterStore {
  /** Adds `by` events to `key`'s window (starting one of `windowMs` if none is open); `by = 0` only reads. */
  add(key: string, windowMs: number, by?: number): Promise<Count>;
  reset(key: string): Promise<void>;
  /** 'redis' while counts are shared, 'local' otherwise */
  readonly mode: 'redis' | 'local';
}

/** This process's own counts: the default without Redis, and the fallback while Redis is away. */
export class LocalCounterStore implements CounterStore {
  readonly mode = 'local' as const;
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  async add(key: string, windowMs: number, by = 1): Promise<Count> {
    return this.addSync(key, windowMs, by);
  }

  addSync(key: string, windowMs: number, by = 1): Count {
    const now = this.now();
    let e = this.entries.get(key);
    if (e && e.resetAt <= now) {
      this.entries.delete(key);
      e = undefined;
    }
    if (!e) {
      if (by === 0) return { count: 0, ttlMs: 0 };
      if (this.entries.size >= this.maxKeys) this.sweep(now);
      e = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, e);
    }
    e.count += by;
    return { count: e.count, ttlMs: e.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(now: number): void {
    for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
    // still full (many keys at once): drop the oldest half rather than grow without bound
    if (this.entries.size >= this.maxKeys) {
      let n = Math.floor(this.maxKeys / 2);
      for (const k of this.entries.keys()) {
        if (n-- <= 0) break;
        this.entries.delete(k);
      }
    }
  }
}

// INCRBY, and a window's expiry set by whoever opened it; a read (by = 0) never creates a key.
const ADD = `
local by = tonumber(ARGV[2])
if by == 0 then
  local c = redis.call('GET', KEYS[1])
  if not c then return {0, 0} end
  local t = redis.call('PTTL', KEYS[1])
  if t < 0 then t = 0 end
  return {tonumber(c), t}
end
local c = redis.call('INCRBY', KEYS[1], by)
local t = redis.call('PTTL', KEYS[1])
if t < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  t = tonumber(ARGV[1])
end
return {c, t}`;

async function deadline<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Redis no respondió en ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** While Redis is failing, one operation per this long tries it again; the others count locally at once. */
const PROBE_EVERY_MS = 1_000;

class RedisCounterStore implements CounterStore {
  private probeAt = 0;

  constructor(
    private readonly client: Redis,
    private readonly fallback: LocalCounterStore,
    private readonly timeoutMs: number,
    private readonly outage: OutageLog,
    private readonly prefix = 'shop:limit:',
  ) {}

  get mode(): 'redis' | 'local' {
    return this.client.isReady && !this.outage.isDown ? 'redis' : 'local';
  }

  /** Redis is worth asking: connected, and either healthy or due for a probe during an outage. */
  private usable(): boolean {
    // not connected: no wait at all (commands would fail at once anyway: disableOfflineQueue)
    if (!this.client.isReady) return false;
    if (!this.outage.isDown) return true;
    const now = Date.now();
    if (now < this.probeAt) return false;
    this.probeAt = now + PROBE_EVERY_MS;
    return true;
  }

  async add(key: string, windowMs: number, by = 1): Promise<Count> {
    if (!this.usable()) return this.fallback.add(key, windowMs, by);
    try {
      const r = (await deadline(this.client.eval(ADD, { keys: [this.prefix + key], arguments: [String(windowMs), String(by)] }), this.timeoutMs)) as [number, number];
      this.outage.ok();
      return { count: Number(r[0]), ttlMs: Number(r[1]) };
    } catch (err) {
      this.outage.fail(err);
      return this.fallback.add(key, windowMs, by);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    if (!this.usable()) return;
    try {
      await deadline(this.client.del(this.prefix + key), this.timeoutMs);
    } catch (err) {
      this.outage.fail(err);
    }
  }
}

/**
 * A limit of `max` events per `windowMs` for many keys, on a CounterStore: the shape the auth throttles and
 * the chat limiter use. `retryAfter` is in whole seconds (≥ 1 while over the limit, 0 otherwise).
 */
export class SharedWindow {
  constructor(
    readonly limit: { max: number; windowMs: number },
    private readonly store: CounterStore,
    private readonly namespace: string,
  ) {}

  private static seconds(ttlMs: number): number {
    return Math.max(1, Math.ceil(ttlMs / 1000));
  }

  async retryAfter(key: string): Promise<number> {
    const { count, ttlMs } = await this.store.add(this.namespace + key, this.limit.windowMs, 0);
    return count >= this.limit.max ? SharedWindow.seconds(ttlMs) : 0;
  }

  async hit(key: string): Promise<void> {
    await this.store.add(this.namespace + key, this.limit.windowMs, 1);
  }

  /** Counts one event unless the key is already at its limit; returns the seconds to wait, or 0 when counted. */
  async consume(key: string): Promise<number> {
    const wait = await this.retryAfter(key);
    if (wait > 0) return wait;
    const { count, ttlMs } = await this.store.add(this.namespace + key, this.limit.windowMs, 1);
    // another host counted the last allowed event meanwhile
    return count > this.limit.max ? SharedWindow.seconds(ttlMs) : 0;
  }

  reset(key: string): Promise<void> {
    return this.store.reset(this.namespace + key);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** counters shared by every API host when REDIS_URL is set (server/lib/shared-counters.ts) */
    counters: CounterStore;
  }
}

/** Decorates `app.counters`: Redis when `redisUrl` (default REDIS_URL) is set, else this process's memory. */
export const sharedCounters = fp<{ redisUrl?: string | null; timeouts?: Partial<RedisTimeouts> & Partial<Pick<Timeouts, 'redisCommandMs'>> }>(
  async (app, opts) => {
    const local = new LocalCounterStore();
    const redisUrl = opts.redisUrl === undefined ? process.env.REDIS_URL?.trim() || null : opts.redisUrl;
    if (!redisUrl) {
      app.decorate('counters', local);
      return;
    }
    const t: RedisTimeouts = { redisConnectMs: opts.timeouts?.redisConnectMs ?? 2_000, redisCommandMs: opts.timeouts?.redisCommandMs ?? 1_000 };
    const outage = new OutageLog(app.log as FastifyBaseLogger, 'límites compartidos');
    const client = createRedis(redisUrl, t, outage);
    // not awaited: the start never waits for Redis here; until it is ready this host counts in memory
    void connectBounded([client], t, outage);
    app.decorate('counters', new RedisCounterStore(client, local, t.redisCommandMs, outage));
    app.addHook('onClose', async () => closeRedis([client], t));
  },
  { name: 'shared-counters' },
);
