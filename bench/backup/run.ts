/**
 * Backup / restore bench (issue 27): `npx tsx bench/backup/run.ts [--products N] [--orders N]
 * [--postgres <empty source db url> --postgres-target <empty target db url>]`.
 * A throwaway PGlite deployment (demo catalogue with generated images, + N synthetic products without
 * images, + N orders of 3 lines and a chat message each, inserted in SQL), then `npm run backup` and
 * `npm run restore` into an empty DATA_DIR as real processes: wall time and size of each. Run with the
 * API stopped (the same dump the running API hands over its socket).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openConfiguredDb } from '../../server/db/open';
import { benchArgs } from '../args';

const values = benchArgs({ products: 0, orders: 0 }, { strings: ['postgres', 'postgres-target'] });
const { products, orders: orderCount } = values;
const urls: Record<string, string> = {};
const root = path.resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-backup-'));
const source = path.join(work, 'source');
const target = path.join(work, 'target');
const out = path.join(work, 'backup');

if (values.postgres) {
  urls[source] = values.postgres;
  urls[target] = values['postgres-target'] ?? '';
}
const timed = (label: string, args: string[], dataDir: string) => {
  const started = Date.now();
  const stdout = execFileSync('npm', ['run', '--silent', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: urls[dataDir] ?? '' }, encoding: 'utf8' });
  const s = (Date.now() - started) / 1000;
  console.log(`${label}: ${s.toFixed(1)} s — ${stdout.trim().split('\n').at(-1)}`);
  return s;
};
const du = (dir: string) => execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0];

try {
  timed('seed demo', values.postgres ? ['seed', '--', '--no-images'] : ['seed'], source);
  if (products) timed(`seed +${products} products`, ['seed', '--', '--products', String(products), '--no-images'], source);
  if (orderCount) {
    const started = Date.now();
    const db = await openConfiguredDb({ dataDir: source, databaseUrl: urls[source], owner: 'bench' });
    const found = (await db.db.execute(sql`select u.id from users u join roles r on r.id = u.role_id where r.name = 'customer' order by u.id limit 1`)) as unknown as { rows: { id: number }[] };
    const userId = found.rows[0]!.id;
    await db.db.execute(sql`
      insert into orders (user_id, state, subtotal_cents, price_with_vat_cents, final_total_cents, total_price_cents, created_at)
      select ${userId}, (array['received','accepted','cancelled','shipped'])[1 + g % 4]::order_state, 100000, 121000, 121000, 121000,
             now() - make_interval(mins => g)
      from generate_series(1, ${orderCount}) g`);
    await db.db.execute(sql`
      insert into order_items (order_id, product_id, quantity, unit_price_cents, name, sku)
      select o.id, p.id, 10, p.price_cents, p.name, p.sku
      from orders o cross join generate_series(0, 2) k
      join (select row_number() over (order by id) - 1 as rn, id, price_cents, name, sku from products) p
        on p.rn = (o.id * 3 + k) % (select count(*) from products)`);
    await db.db.execute(sql`insert into messages (order_id, user_id, text) select id, user_id, 'Hola, ¿cuándo sale?' from orders`);
    await db.close();
    console.log(`+${orderCount} orders (3 lines, 1 message each): ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(`DATA_DIR: ${(Number(du(source)) / 1e6).toFixed(1)} MB`);
  timed('backup', ['backup', '--', '--out', out], source);
  console.log(`backup folder: ${(Number(du(out)) / 1e6).toFixed(1)} MB (db ${(Number(du(path.join(out, 'db'))) / 1e6).toFixed(1)} MB)`);
  timed('restore into an empty DATA_DIR', ['restore', '--', out], target);
} finally {
  rmSync(work, { recursive: true, force: true });
}
