/**
 * GET /api/health: the storefront process is up, and which code it serves (package version and git
 * commit of the build; SHOP_COMMIT at run time wins, for deploys that ship no .git). It does not call the
 * shop API, so it answers while the API is down: the API has its own GET /health.
 * QA's `npm run test:e2e:staging` prints both before it runs (scripts/test-e2e-external.mjs).
 */
import { storefrontEnv } from '@/lib/env';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  const env = storefrontEnv();
  const data = {
    status: 'ok' as const,
    version: env.SHOP_BUILD_VERSION ?? 'unknown',
    commit: env.SHOP_COMMIT ?? env.SHOP_BUILD_COMMIT ?? 'unknown',
    uptime: Math.round(process.uptime()),
  };
  return Response.json({ success: true, data }, { headers: { 'cache-control': 'no-store' } });
}
