#!/usr/bin/env node
// The whole suite with one exit code: typecheck, lint, Jest (unit + components), API integration, e2e.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit', ['run', 'test:unit', '--', '--ci']],
  ['api', ['run', 'test:api']],
  ['e2e', ['run', 'test:e2e']],
];
const only = process.argv.slice(2);
const results = [];
for (const [name, args] of steps) {
  if (only.length && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  // The e2e build need not type-check again when this run's typecheck step already did.
  const typechecked = results.some((x) => x.name === 'typecheck' && x.ok);
  const env = typechecked ? { ...process.env, NEXT_SKIP_TYPECHECK: '1' } : process.env;
  const r = spawnSync('npm', args, { stdio: 'inherit', env });
  results.push({ name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
