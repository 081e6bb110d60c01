/**
 * Tells the storefront to drop cached pages after a catalogue or configuration change made through the
 * staff API: POST `${STOREFRONT_URL}/api/revalidate` with header `x-revalidate-secret` and body
 * `{ tags }` (tag names from lib/cache, the same module the storefront tags its fetches with).
 *
 * Sent on every `catalogue.changed` domain event (server/events), after the API's catalogue cache was
 * cleared: a storefront that re-renders as soon as it hears of the change must not read the old data from
 * that cache and keep the page for its lifetime.
 * Fire-and-forget: the staff request never waits for (or fails because of) the storefront; a short
 * timeout and one log line on failure. The cached pages still expire on their own (lib/cache SECONDS).
 *
 * The shared secret: env REVALIDATE_SECRET; when unset, a random one is generated once and kept in
 * `$DATA_DIR/revalidate-secret` (mode 0600). The storefront's /api/revalidate reads env
 * REVALIDATE_SECRET only, so in production set REVALIDATE_SECRET to the same value on both processes
 * (or start the storefront with REVALIDATE_SECRET="$(cat $DATA_DIR/revalidate-secret)").
 * Storefront URL: env STOREFRONT_URL, else PUBLIC_SITE_URL, else http://localhost:3000. Several storefronts
 * with REDIS_URL share one page cache (lib/cache/redis-cache-handler.mjs): one call to their load balancer
 * revalidates every instance. Only storefronts without Redis, each with its own cache, need the fallback env
 * REVALIDATE_URLS (comma separated, each instance's own address), which fans every call out to all of them.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { MAX_TAGS_PER_REQUEST, REVALIDATE_PATH, REVALIDATE_SECRET_HEADER } from '../../lib/cache';

const REVALIDATE_SECRET_FILE = 'revalidate-secret';
const REVALIDATE_TIMEOUT_MS = 2000;

/** env REVALIDATE_SECRET, else the secret kept in `$DATA_DIR/revalidate-secret` (created on first use). */
export async function loadRevalidateSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const fromEnv = env.REVALIDATE_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, REVALIDATE_SECRET_FILE);
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim()) return existing.trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // another process created it first: use theirs
    return (await readFile(file, 'utf8')).trim();
  }
}

function storefrontUrlFrom(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.STOREFRONT_URL?.trim() || env.PUBLIC_SITE_URL?.trim() || 'http://localhost:3000';
  return url.replace(/\/+$/, '');
}

/** env REVALIDATE_URLS (comma separated), else the one storefront URL of storefrontUrlFrom. */
export function storefrontUrlsFrom(env: NodeJS.ProcessEnv = process.env): string[] {
  const urls = (env.REVALIDATE_URLS ?? '')
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return urls.length > 0 ? [...new Set(urls)] : [storefrontUrlFrom(env)];
}

export interface Revalidator {
  /** Sends the tags (deduplicated, in batches of MAX_TAGS_PER_REQUEST); resolves when done, never rejects. */
  revalidate(tags: readonly string[]): Promise<void>;
}

export function createRevalidator(opts: {
  /** one storefront, or every storefront instance (each is sent every batch, in parallel) */
  storefrontUrl: string | readonly string[];
  secret: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): Revalidator {
  const doFetch = opts.fetchImpl ?? fetch;
  const endpoints = (typeof opts.storefrontUrl === 'string' ? [opts.storefrontUrl] : opts.storefrontUrl).map(
    (url) => `${url}${REVALIDATE_PATH}`,
  );
  async function send(endpoint: string, batch: string[]): Promise<void> {
    try {
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [REVALIDATE_SECRET_HEADER]: opts.secret },
        body: JSON.stringify({ tags: batch }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? REVALIDATE_TIMEOUT_MS),
      });
      if (!res.ok) opts.log.warn({ status: res.status, endpoint, tags: batch }, 'storefront revalidation refused');
      await res.body?.cancel().catch(() => {});
    } catch (err) {
      opts.log.warn({ err: (err as Error).message, endpoint, tags: batch }, 'storefront revalidation failed');
    }
  }
  return {
    async revalidate(tags) {
      const unique = [...new Set(tags.filter(Boolean))];
      for (let i = 0; i < unique.length; i += MAX_TAGS_PER_REQUEST) {
        const batch = unique.slice(i, i + MAX_TAGS_PER_REQUEST);
        // one instance being down must not keep the others stale
        await Promise.all(endpoints.map((endpoint) => send(endpoint, batch)));
      }
    },
  };
}

/** The storefront revalidation as a domain-event listener (env STOREFRONT_URL / REVALIDATE_URLS, the secret). */
export async function subscribeRevalidation(app: Pick<FastifyInstance, 'events' | 'dataDir' | 'log'>): Promise<void> {
  const revalidator = createRevalidator({ storefrontUrl: storefrontUrlsFrom(), secret: await loadRevalidateSecret(app.dataDir), log: app.log });
  app.events.on('catalogue.changed', 'storefront revalidation', (e) => void revalidator.revalidate(e.tags));
}
