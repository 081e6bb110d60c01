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

/**
 * Deadlines of every call that leaves the process (issue 29): a part that hangs must cost a request a
 * bounded wait and an answer (503), never a socket held open; and the retry delays of queued mail.
 * Milliseconds; README "Configuration".
 */
export type Timeouts = {
  /** PostgreSQL: opening a connection, and waiting for a free pool client (pg's connectionTimeoutMillis) */
  dbConnectMs: number;
  /** PostgreSQL's statement_timeout: the server cancels a statement (a lock wait included) after this */
  dbStatementMs: number;
  /** client-side deadline for a statement's answer (a hung network or server); the connection is dropped */
  dbQueryMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a session left inside a transaction is ended (rolled back) */
  dbIdleInTransactionMs: number;
  /** Redis: connecting (and reconnecting) */
  redisConnectMs: number;
  /** Redis: answer to one command (publish); a late one fails and the caller goes on without Redis */
  redisCommandMs: number;
  /** SMTP: TCP connect */
  smtpConnectMs: number;
  /** SMTP: the server's 220 greeting after connecting */
  smtpGreetingMs: number;
  /** SMTP: inactivity on an open SMTP connection */
  smtpSocketMs: number;
  /** mail queue: first retry of a mail SMTP did not take; doubles per attempt up to mailRetryMaxMs */
  mailRetryMinMs: number;
  mailRetryMaxMs: number;
};

export const DEFAULT_TIMEOUTS: Timeouts = {
  dbConnectMs: 3_000,
  dbStatementMs: 5_000,
  dbQueryMs: 6_000,
  dbIdleInTransactionMs: 10_000,
  redisConnectMs: 2_000,
  redisCommandMs: 1_000,
  smtpConnectMs: 5_000,
  smtpGreetingMs: 5_000,
  smtpSocketMs: 15_000,
  mailRetryMinMs: 30_000,
  mailRetryMaxMs: 900_000,
};

const ms = (dflt: number) => z.coerce.number().int().min(1).max(600_000).default(dflt);

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
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  DB_CONNECT_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.dbConnectMs),
  DB_STATEMENT_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.dbStatementMs),
  DB_QUERY_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.dbQueryMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.dbIdleInTransactionMs),
  REDIS_CONNECT_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.redisConnectMs),
  REDIS_COMMAND_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.redisCommandMs),
  SMTP_CONNECT_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.smtpConnectMs),
  SMTP_GREETING_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.smtpGreetingMs),
  SMTP_SOCKET_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.smtpSocketMs),
  MAIL_RETRY_MIN_MS: z.coerce.number().int().min(100).max(86_400_000).default(DEFAULT_TIMEOUTS.mailRetryMinMs),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(100).max(86_400_000).default(DEFAULT_TIMEOUTS.mailRetryMaxMs),
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
  /** seed the demo catalogue into an empty database at start (default true) */
  seedDemo: boolean;
  /** 0 disables the in-memory catalogue response cache */
  catalogueCacheTtlMs: number;
  timeouts: Timeouts;
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
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    corsOrigins: corsOriginsFrom(e),
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitAllowList: e.RATE_LIMIT_ALLOWLIST !== undefined ? list(e.RATE_LIMIT_ALLOWLIST) : DEFAULT_ALLOWLIST,
    trustProxy: truthy(e.TRUST_PROXY, false),
    logLevel: e.LOG_LEVEL,
    seedDemo: truthy(e.SEED_DEMO, true),
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    timeouts: {
      dbConnectMs: e.DB_CONNECT_TIMEOUT_MS,
      dbStatementMs: e.DB_STATEMENT_TIMEOUT_MS,
      dbQueryMs: e.DB_QUERY_TIMEOUT_MS,
      dbIdleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      redisConnectMs: e.REDIS_CONNECT_TIMEOUT_MS,
      redisCommandMs: e.REDIS_COMMAND_TIMEOUT_MS,
      smtpConnectMs: e.SMTP_CONNECT_TIMEOUT_MS,
      smtpGreetingMs: e.SMTP_GREETING_TIMEOUT_MS,
      smtpSocketMs: e.SMTP_SOCKET_TIMEOUT_MS,
      mailRetryMinMs: e.MAIL_RETRY_MIN_MS,
      mailRetryMaxMs: Math.max(e.MAIL_RETRY_MAX_MS, e.MAIL_RETRY_MIN_MS),
    },
  };
}
