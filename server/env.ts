/**
 * Environment of the API process (README "Configuration"). Parsed once, validated with zod, so a typo in
 * a number fails at start instead of at the first request.
 */
import path from 'node:path';
import { z } from 'zod';
import { parseAddressList } from './lib/address-list';

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().optional(),
  STOREFRONT_ORIGINS: z.string().optional(),
  PUBLIC_SITE_URL: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ALLOWLIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  API_DOCS: z.enum(['true', 'false', '1', '0']).optional(),
  // off unless set: several APIs on one host (tests, e2e, instances) must not fight over one port
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16).optional(),
});

export type ApiEnv = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  corsOrigins: string[];
  rateLimitMax: number;
  /** addresses / CIDRs exempt from the global limit (never from the auth routes' own limits) */
  rateLimitAllowList: string[];
  /** reverse proxies whose X-Forwarded-For is believed (addresses / CIDRs, or `loopback`) */
  trustedProxies: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** seed the demo catalogue into an empty database at start (default true) */
  seedDemo: boolean;
  /** 0 disables the in-memory catalogue response cache */
  catalogueCacheTtlMs: number;
  /** serve /docs (OpenAPI UI and JSON); opt-in, `npm run dev` turns it on */
  apiDocs: boolean;
  /** Prometheus /metrics on its own listener (0 = off); loopback unless METRICS_HOST says otherwise */
  metrics: { port: number; host: string; token?: string };
};

/**
 * Nothing is exempt by address: behind a reverse proxy on the same host every client would be loopback.
 * The storefront's server is recognised by its key header instead (server/plugins/rate-limit.ts).
 */
export const DEFAULT_ALLOWLIST: string[] = [];
/** A proxy on the same host (nginx in deploy/) is believed by default; nothing else is. */
export const DEFAULT_TRUSTED_PROXIES = ['loopback'];

/**
 * TRUST_PROXY: the proxies' addresses or CIDRs (`loopback` = 127.0.0.0/8 and ::1), `false` for none.
 * `true` used to mean "loopback and every private network", which let any host on such a network claim
 * any address in X-Forwarded-For; it is refused rather than guessed.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  if (value === undefined) return DEFAULT_TRUSTED_PROXIES;
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'none') return [];
  if (v === 'true' || v === '1') {
    throw new Error('TRUST_PROXY=true ya no se acepta: indicá las direcciones de los proxies (p. ej. TRUST_PROXY=10.0.0.2 o loopback)');
  }
  return parseAddressList(value, 'TRUST_PROXY', ['loopback']);
}

/** Origins in STOREFRONT_ORIGINS (default http://localhost:3000) plus PUBLIC_SITE_URL's origin. */
export function corsOriginsFrom(env: { STOREFRONT_ORIGINS?: string; PUBLIC_SITE_URL?: string }): string[] {
  const origins = env.STOREFRONT_ORIGINS ? list(env.STOREFRONT_ORIGINS) : ['http://localhost:3000'];
  if (env.PUBLIC_SITE_URL) {
    try {
      origins.push(new URL(env.PUBLIC_SITE_URL).origin);
    } catch {
      // not a URL: ignore rather than open CORS to something unexpected
    }
  }
  return [...new Set(origins.map((o) => o.replace(/\/+$/, '')))];
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
  const e = envSchema.parse(source);
  const truthy = (v: string | undefined, dflt: boolean) => (v === undefined ? dflt : v === 'true' || v === '1');
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    corsOrigins: corsOriginsFrom(e),
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitAllowList:
      e.RATE_LIMIT_ALLOWLIST !== undefined ? parseAddressList(e.RATE_LIMIT_ALLOWLIST, 'RATE_LIMIT_ALLOWLIST') : DEFAULT_ALLOWLIST,
    trustedProxies: parseTrustedProxies(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    seedDemo: truthy(e.SEED_DEMO, true),
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    apiDocs: truthy(e.API_DOCS, false),
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN || undefined },
  };
}
