// @ts-check
/**
 * Next's `cacheHandler` (ISR pages, route handlers and the fetch cache) in Redis, so every storefront instance
 * serves the same cache and a tag revalidated on one is revalidated on all (issue 21). next.config.mjs uses it
 * when REDIS_URL is set at `next start` (with `cacheMaxMemorySize: 0`: no instance keeps a private copy that
 * could go stale); without REDIS_URL Next's own file cache stays the default.
 *
 * Chosen over @fortedigital/nextjs-cache-handler by measurement (bench/cache-handler): one round trip per read
 * (a Lua script returns the entry only if none of its tags was revalidated after it was written), entries kept
 * as V8-serialized binary (Next's Buffers and Maps as they are: no base64 JSON), and no dependency besides the
 * `redis` client the API already uses.
 *
 * Redis layout (prefix `next:`):
 *   next:<build id>:e:<cache key>  hash { v: entry (v8), m: lastModified ms, t: JSON tags }   expires (see ttlSeconds)
 *   next:tags                      hash tag → ms of its last revalidation (shared by every build)
 *
 * Redis away (down, hung, not yet connected): reads miss (pages render from the API), writes and reads never
 * wait longer than REDIS_COMMAND_TIMEOUT_MS, one line is logged per outage, and revalidations made meanwhile
 * are kept and written when Redis returns — an entry cached before the outage cannot come back stale.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { createClient, RESP_TYPES } from 'redis';

const TAGS_KEY = 'next:tags';
/** Entries are kept this long at most (run Redis with maxmemory and maxmemory-policy volatile-lru: entries expire, the tags hash never does; deploy/README.md). */
const MAX_TTL_S = 7 * 24 * 3600;
const MIN_TTL_S = 3600;

// The entry, unless one of its tags (stored, plus the fetch's tags and soft tags as ARGV) was revalidated after it.
const GET = `
local e = redis.call('HMGET', KEYS[1], 'v', 'm', 't')
if not e[1] then return false end
local tags = cjson.decode(e[3])
for i = 1, #ARGV do tags[#tags + 1] = ARGV[i] end
if #tags > 0 then
  local times = redis.call('HMGET', KEYS[2], unpack(tags))
  local written = tonumber(e[2])
  for i = 1, #times do
    if times[i] and tonumber(times[i]) >= written then return false end
  end
end
return e[1]`;

/** @param {string | undefined} value @param {number} fallback */
function ms(value, fallback) {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * One client per process (Next builds a handler per request), connected on first use.
 * @type {{ client: ReturnType<typeof createClient> | null, connecting: Promise<unknown> | null, down: boolean, pendingTags: Map<string, number>, commandMs: number } | undefined}
 */
let shared;

function state() {
  if (shared) return shared;
  const url = process.env.REDIS_URL;
  const commandMs = ms(process.env.REDIS_COMMAND_TIMEOUT_MS, 1_000);
  shared = { client: null, connecting: null, down: false, pendingTags: new Map(), commandMs };
  if (!url) return shared;
  const s = shared;
  const client = createClient({
    url,
    socket: {
      connectTimeout: ms(process.env.REDIS_CONNECT_TIMEOUT_MS, 2_000),
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2_000),
    },
    // commands fail at once while disconnected instead of queueing behind a Redis that is away
    disableOfflineQueue: true,
    commandsQueueMaxLength: 1_000,
    pingInterval: Math.max(1_000, commandMs * 2),
  }).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  client.on('error', (/** @type {Error} */ err) => outage(err));
  client.on('ready', () => {
    if (s.down) console.info('[cache] Redis responde otra vez: caché de páginas compartida');
    s.down = false;
    void flushPendingTags();
  });
  s.client = /** @type {any} */ (client);
  s.connecting = client.connect().catch((/** @type {Error} */ err) => outage(err));
  return s;
}

/** @param {unknown} err */
function outage(err) {
  const s = state();
  if (s.down) return;
  s.down = true;
  console.warn(`[cache] Redis no responde (${err instanceof Error ? err.message : err}): las páginas se generan sin caché compartida hasta que vuelva`);
}

/**
 * @template T
 * @param {Promise<T>} p
 * @returns {Promise<T>}
 */
function deadline(p) {
  const { commandMs } = state();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  return Promise.race([
    p,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`sin respuesta en ${commandMs} ms`)), commandMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

function ready() {
  const s = state();
  return s.client?.isReady ? s.client : null;
}

async function flushPendingTags() {
  const s = state();
  const client = ready();
  if (!client || s.pendingTags.size === 0) return;
  const entries = [...s.pendingTags];
  try {
    // keep the later of the two times: another instance may have recorded a newer one
    await deadline(Promise.all(entries.map(([tag, at]) => client.eval(`if (tonumber(redis.call('HGET', KEYS[1], ARGV[1])) or 0) < tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end`, { keys: [TAGS_KEY], arguments: [tag, String(at)] }))));
    for (const [tag, at] of entries) if (s.pendingTags.get(tag) === at) s.pendingTags.delete(tag);
  } catch (err) {
    outage(err);
  }
}

/** @param {string | undefined} serverDistDir */
function buildIdOf(serverDistDir) {
  try {
    return readFileSync(path.join(serverDistDir ?? '.next/server', '..', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'dev';
  }
}

/** @param {any} data @param {any} ctx */
function tagsOf(data, ctx) {
  if (data?.kind === 'FETCH') return Array.isArray(ctx?.tags) ? ctx.tags : [];
  const header = data?.headers?.['x-next-cache-tags'];
  return typeof header === 'string' && header ? header.split(',') : [];
}

/** @param {any} data @param {any} ctx */
function ttlSeconds(data, ctx) {
  const revalidate = data?.kind === 'FETCH' ? data?.revalidate : ctx?.cacheControl?.revalidate;
  const expire = ctx?.cacheControl?.expire;
  const wanted = typeof expire === 'number' && Number.isFinite(expire) ? expire : typeof revalidate === 'number' && revalidate > 0 ? revalidate * 24 : MAX_TTL_S;
  return Math.round(Math.min(MAX_TTL_S, Math.max(MIN_TTL_S, wanted)));
}

export default class RedisCacheHandler {
  /** @param {{ serverDistDir?: string }} ctx */
  constructor(ctx) {
    this.prefix = `next:${buildIdOf(ctx?.serverDistDir)}:e:`;
    state();
  }

  /**
   * @param {string} key
   * @param {any} ctx
   */
  async get(key, ctx) {
    const client = ready();
    if (!client) return null;
    const extra = ctx?.kind === 'FETCH' ? [...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : [];
    try {
      const raw = await deadline(client.eval(GET, { keys: [this.prefix + key, TAGS_KEY], arguments: extra }));
      if (!raw) return null;
      const entry = v8.deserialize(/** @type {Buffer} */ (raw));
      return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
    } catch (err) {
      outage(err);
      return null;
    }
  }

  /**
   * @param {string} key
   * @param {any} data
   * @param {any} ctx
   */
  async set(key, data, ctx) {
    const client = ready();
    if (!client) return;
    const lastModified = Date.now();
    const cacheControl = ctx?.fetchCache ? undefined : ctx?.cacheControl;
    try {
      const blob = v8.serialize({ value: data, lastModified, cacheControl });
      await deadline(
        client
          .multi()
          .hSet(this.prefix + key, { v: blob, m: String(lastModified), t: JSON.stringify(tagsOf(data, ctx)) })
          .expire(this.prefix + key, ttlSeconds(data, ctx))
          .exec(),
      );
    } catch (err) {
      outage(err);
    }
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    const list = (typeof tags === 'string' ? [tags] : tags).filter(Boolean);
    if (list.length === 0) return;
    const s = state();
    const at = Date.now();
    for (const tag of list) s.pendingTags.set(tag, at);
    // written now when Redis answers, else when it is back ('ready'): never lost on this instance
    await flushPendingTags();
  }

  resetRequestCache() {}
}

/** For tests and the bench: wait for the first connection (bounded) and close it. */
export async function connected() {
  const s = state();
  await Promise.race([s.connecting, new Promise((r) => setTimeout(r, ms(process.env.REDIS_CONNECT_TIMEOUT_MS, 2_000)))]);
  return Boolean(ready());
}

export async function closeSharedClient() {
  const s = shared;
  shared = undefined;
  if (s?.client?.isOpen) await s.client.quit().catch(() => s.client?.destroy());
}
