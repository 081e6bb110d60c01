/**
 * Environment of the storefront process (README "Configuration"): every variable the storefront's server
 * reads at run time, validated with zod. instrumentation.ts checks it once at start, so a typo in a number
 * or a URL stops the start with a message naming the variable instead of failing at the first request.
 * The API's twin is server/env.ts.
 *
 * Read again on every call (never inlined at build): one build can be pointed at another (staging) API by
 * changing SHOP_API_URL and restarting, and tests may set a variable between cases. Parsing these few
 * strings costs microseconds.
 *
 * Read elsewhere, on purpose: next.config.mjs's build-time switches (NEXT_DIST_DIR, NEXT_SKIP_TYPECHECK,
 * SOURCEMAPS, NEXT_CACHE_HANDLER) and lib/cache/redis-cache-handler.mjs, which Next loads by path outside
 * the bundle (it reads REDIS_URL and the two Redis timeouts itself; they are validated here at start too).
 * NEXT_RUNTIME is Next's own.
 */
import 'server-only';
import { z } from 'zod';
import { parseEnv } from './validation/env';

/** '' is unset (a spawner that clears the variable) */
const unset = (v: unknown) => (v === '' ? undefined : v);
const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+/, { error: 'debe ser una URL http:// o https://' })
  .transform((s) => s.replace(/\/+$/, ''));
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());
const positiveInt = (dflt: number) => z.preprocess(unset, z.coerce.number({ error: 'debe ser un entero positivo' }).int({ error: 'debe ser un entero positivo' }).min(1, { error: 'debe ser un entero positivo' }).default(dflt));
const port = (dflt: number) => z.preprocess(unset, z.coerce.number({ error: 'debe ser un puerto (0 a 65535)' }).int({ error: 'debe ser un puerto (0 a 65535)' }).min(0, { error: 'debe ser un puerto (0 a 65535)' }).max(65535, { error: 'debe ser un puerto (0 a 65535)' }).default(dflt));

const envSchema = z.object({
  NODE_ENV: optional(z.string()),
  /** where the storefront's server reaches the API */
  SHOP_API_URL: z.preprocess(unset, httpUrl.default('http://localhost:4000')),
  /** the API as the browser reaches it (REST from islands, socket.io); SHOP_API_URL when unset */
  PUBLIC_API_URL: optional(httpUrl),
  /** the storefront's own origin (canonical, Open Graph, sitemap; https turns HSTS on); http://localhost:PORT when unset */
  PUBLIC_SITE_URL: optional(httpUrl),
  PORT: port(3000),
  /** HSTS=1 forces Strict-Transport-Security, HSTS=0 turns it off (lib/security/csp.ts) */
  HSTS: optional(z.enum(['0', '1'], { error: 'debe ser 0 o 1' })),
  /** shared with the API: it calls /api/revalidate with it; the storefront's key for the API's rate limit derives from it */
  REVALIDATE_SECRET: optional(z.string()),
  /** deadlines and breaker of the server's calls to the API (lib/api/resilience.ts) */
  SHOP_API_TIMEOUT_MS: positiveInt(4000),
  SHOP_API_SHELL_TIMEOUT_MS: positiveInt(1500),
  SHOP_API_BREAKER_FAILURES: positiveInt(3),
  SHOP_API_BREAKER_HALF_OPEN_MS: positiveInt(2000),
  /** Prometheus metrics on their own port (0 = off) */
  STOREFRONT_METRICS_PORT: port(0),
  STOREFRONT_METRICS_HOST: optional(z.string()),
  METRICS_TOKEN: optional(z.string()),
  /** what /api/health reports as the commit, for deploys that ship no .git (wins over the build's) */
  SHOP_COMMIT: optional(z.string()),
  /** Next's shared page cache (lib/cache/redis-cache-handler.mjs reads these itself) */
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, { error: 'debe ser una URL redis:// o rediss://' })),
  REDIS_CONNECT_TIMEOUT_MS: positiveInt(2000),
  REDIS_COMMAND_TIMEOUT_MS: positiveInt(1000),
});

type StorefrontEnv = z.infer<typeof envSchema>;

/** The storefront's environment, validated; throws an Error naming each bad variable and what it must be. */
export function storefrontEnv(source: NodeJS.ProcessEnv = process.env): StorefrontEnv {
  return parseEnv(envSchema, source, 'del storefront');
}

/**
 * The package version and git commit the build was made from. Not run-time variables: next.config.mjs's
 * `env` writes them into the bundle, which replaces only the literal `process.env.NAME` — read through
 * storefrontEnv() they were always missing at run time (the storefront's /api/health said "unknown").
 */
export function buildInfo(): { version: string | undefined; commit: string | undefined } {
  return { version: process.env.SHOP_BUILD_VERSION || undefined, commit: process.env.SHOP_BUILD_COMMIT || undefined };
}

/** At start (instrumentation.ts): the environment, or the process ends with the message naming the bad variables. */
export function storefrontEnvAtStart(): StorefrontEnv {
  try {
    return storefrontEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
