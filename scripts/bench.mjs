#!/usr/bin/env node
// Runs every benchmark under bench/<name>/run.{ts,mjs} (or only those named: npm run bench -- api cart).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

// Names pick benches; options (--x, --x value) are passed on to each: npm run bench -- storefront --nginx
const argv = process.argv.slice(2);
const flagAt = argv.findIndex((a) => a.startsWith('--'));
const wanted = flagAt < 0 ? argv : argv.slice(0, flagAt);
const passOn = flagAt < 0 ? [] : argv.slice(flagAt);
const dirs = readdirSync('bench', { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'results')
  .map((d) => d.name)
  .filter((n) => !wanted.length || wanted.includes(n));
let failed = 0;
for (const name of dirs) {
  const entry = ['run.ts', 'run.mjs'].map((f) => path.join('bench', name, f)).find((f) => existsSync(f));
  if (!entry) continue;
  console.log(`\n=== bench/${name} ===`);
  const r = spawnSync('npx', ['tsx', entry, ...passOn], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
