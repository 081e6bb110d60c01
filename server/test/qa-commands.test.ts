/**
 * QA's commands against a deployment (issue 22, scripts/test-e2e-external.mjs): without the variables they
 * refuse, naming each one and how to get the accounts; pointed at a deployment that does not answer its
 * health checks they print what they tried and run nothing. (Against a live deployment: CI's
 * scripts/staging-proof.mjs.)
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { freePort } from './faults-support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function qa(mode: string, env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('E2E_')));
  const r = spawnSync(process.execPath, ['scripts/test-e2e-external.mjs', mode], { cwd: ROOT, encoding: 'utf8', env: { ...clean, ...env } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('npm run test:e2e:staging / test:e2e:smoke', () => {
  it('refuse without the variables, naming each and how the accounts are made', () => {
    const r = qa('staging', { E2E_BASE_URL: 'https://staging.example' });
    assert.equal(r.code, 2, r.out);
    assert.match(r.out, /Missing: E2E_API_URL, E2E_CUSTOMER_EMAIL, E2E_CUSTOMER_PASSWORD, E2E_VIP_EMAIL, E2E_VIP_PASSWORD, E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD\./);
    assert.match(r.out, /npm run accounts:create -- --role/);
    assert.match(r.out, /E2E_MAIL_API_URL/);
    const smoke = qa('smoke', {});
    assert.equal(smoke.code, 2, smoke.out);
    assert.match(smoke.out, /Missing: E2E_BASE_URL, E2E_API_URL\./);
    assert.doesNotMatch(smoke.out, /E2E_CUSTOMER_EMAIL/);
    assert.equal(qa('everything', {}).code, 2);
  });

  it('print the URLs and run nothing when the deployment does not answer its health checks', async () => {
    const [a, b] = [await freePort(), await freePort()];
    const r = qa('smoke', { E2E_BASE_URL: `http://127.0.0.1:${a}/`, E2E_API_URL: `http://127.0.0.1:${b}` });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, new RegExp(`storefront http://127\\.0\\.0\\.1:${a}  ECONNREFUSED`));
    assert.match(r.out, new RegExp(`API        http://127\\.0\\.0\\.1:${b}  ECONNREFUSED`));
    assert.match(r.out, /does not answer its health checks .*nothing was run/);
    assert.doesNotMatch(r.out, /Running \d+ tests/);
  });
});
