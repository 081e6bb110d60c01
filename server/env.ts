/**
 * Environment of the API process (README "Configuration"). Parsed once, validated with zod, so a typo in
 * a number fails at start instead of at the first request.
 */
import path from 'node:path';
import { z } from 'zod';

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
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // '' = unset (a spawner that clears the variable)
  SEED_DEMO: z.enum(['true', 'false', '1', '0', '']).optional(),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  NODE_ENV: z.string().optional(),
});

export type ApiEnv = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  corsOrigins: string[];
  rateLimitMax: number;
  rateLimitAllowList: string[];
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** NODE_ENV=production */
  production: boolean;
  /**
   * A demo instance: seed the demo catalogue and accounts into an empty database at start, and accept
   * accounts with the demo password in production. Default only for the embedded database outside
   * production (`npm start`); with DATABASE_URL or NODE_ENV=production only when SEED_DEMO=true.
   */
  seedDemo: boolean;
  /** 0 disables the in-memory catalogue response cache */
  catalogueCacheTtlMs: number;
};

export const DEFAULT_ALLOWLIST = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

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
  const production = e.NODE_ENV === 'production';
  const databaseUrl = e.DATABASE_URL || undefined;
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl,
    corsOrigins: corsOriginsFrom(e),
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitAllowList: e.RATE_LIMIT_ALLOWLIST !== undefined ? list(e.RATE_LIMIT_ALLOWLIST) : DEFAULT_ALLOWLIST,
    trustProxy: truthy(e.TRUST_PROXY, false),
    logLevel: e.LOG_LEVEL,
    production,
    seedDemo: truthy(e.SEED_DEMO || undefined, !databaseUrl && !production),
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
  };
}
