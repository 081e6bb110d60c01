/**
 * GET /api/health: the storefront process is up, and which code it serves (package version and git
 * commit of the build; SHOP_COMMIT at run time wins, for deploys that ship no .git). It does not call the
 * shop API, so it answers while the API is down: the API has its own GET /health.
 * QA's `npm run test:e2e:staging` prints both before it runs (scripts/test-e2e-external.mjs).
 */
import { buildInfo, storefrontEnv } from '@/lib/env';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  const build = buildInfo();
  const data = {
    status: 'ok' as const,
    version: build.version ?? 'unknown',
    commit: storefrontEnv().SHOP_COMMIT ?? build.commit ?? 'unknown',
    uptime: Math.round(process.uptime()),
  };
  return Response.json({ success: true, data }, { headers: { 'cache-control': 'no-store' } });
}
