/**
 * `npm run bench -- cart`: the cart recompute benchmark (./recompute.ts) — reducer upsert + grouping
 * selector on a 500-line cart, setVip re-pricing, and the engine alone — with its p99 < 2 ms gate.
 * An optional iteration count is passed through: `npx tsx bench/cart/run.ts 20000`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const iterations = process.argv[2] ?? process.env.CART_BENCH_ITERATIONS ?? '5000';
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'recompute.ts'), iterations], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
