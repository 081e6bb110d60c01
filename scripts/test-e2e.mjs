#!/usr/bin/env node
// Playwright against a fresh production build and the real API on a throwaway database.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const env = { ...process.env, E2E_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' };
const apiPort = env.E2E_API_PORT ?? '4100';
env.E2E_API_PORT = apiPort;
// The build reads SHOP_API_URL only at run time; build-time rendering must not need the API.
// A fetch cache left by an earlier build would answer from another seed's data.
const dist = process.env.NEXT_DIST_DIR || '.next';
rmSync(path.join(dist, 'cache', 'fetch-cache'), { recursive: true, force: true });
if (!process.argv.includes('--no-build')) {
  const b = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env });
  if (b.status !== 0) process.exit(b.status ?? 1);
  // E2E_BUILD_COPY=<dir>: keep this build as it came out, before this run's pages and fetches land in it,
  // for another deployment to start from (CI's staging proof, scripts/staging-proof.mjs --dist <dir>).
  if (env.E2E_BUILD_COPY) {
    rmSync(env.E2E_BUILD_COPY, { recursive: true, force: true });
    cpSync(dist, env.E2E_BUILD_COPY, { recursive: true, filter: (src) => !/[/\\](cache|trace)$/.test(src) });
  }
}
const args = ['playwright', 'test', ...process.argv.slice(2).filter((a) => a !== '--no-build')];
const r = spawnSync('npx', args, { stdio: 'inherit', env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(r.status ?? 1);
