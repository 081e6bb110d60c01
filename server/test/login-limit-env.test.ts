/**
 * LOGIN_RATE_LIMIT_PER_MINUTE (server/auth/plugin.ts): the per-address sign-in limit read from the environment —
 * the 4th sign-in within a minute answers 429 with a limit of 3; a bad value stops the API at start.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../app';
import { TEST_JWT_SECRET } from './auth-fixtures';
import { createTestContext, type TestContext } from './helpers';

describe('LOGIN_RATE_LIMIT_PER_MINUTE', () => {
  let ctx: TestContext & { dispose(): Promise<void> };
  const saved = process.env.LOGIN_RATE_LIMIT_PER_MINUTE;
  before(async () => {
    process.env.LOGIN_RATE_LIMIT_PER_MINUTE = '3';
    ctx = await createTestContext('pglite', { realtime: { redisUrl: null } });
  });
  after(async () => {
    if (saved === undefined) delete process.env.LOGIN_RATE_LIMIT_PER_MINUTE;
    else process.env.LOGIN_RATE_LIMIT_PER_MINUTE = saved;
    await ctx?.dispose();
  });

  it('limits sign-ins per address to the configured number', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'cliente@example.com', password: 'tienda-demo' } });
      statuses.push(res.statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  });

  it('refuses a value that is not a whole number from 1 to 100000', async () => {
    for (const bad of ['0', '-5', 'mil', '1.5', '100001']) {
      process.env.LOGIN_RATE_LIMIT_PER_MINUTE = bad;
      await assert.rejects(buildApp({ db: ctx.db.db, dataDir: ctx.dataDir, logger: false, auth: { jwtSecret: TEST_JWT_SECRET }, realtime: { redisUrl: null } }), /LOGIN_RATE_LIMIT_PER_MINUTE/, bad);
    }
    process.env.LOGIN_RATE_LIMIT_PER_MINUTE = '3';
  });
});
