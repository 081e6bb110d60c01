/**
 * Bulk price change (issue 24 §2): `npm run bench -- prices [--rows 10000] [--runs 5] [--pg postgres://…]`.
 *
 * Seeds demo + `--rows` synthetic products (throwaway data dir; PostgreSQL too when --pg or DATABASE_URL names
 * a server), starts the API as a child process, signs in as staff, exports the price CSV of the whole
 * catalogue, raises every price of the first `--rows` rows by 5 % in the file and times the CSV preview
 * (POST api/staff/prices/import/preview: upload, decode, parse, match SKUs, compute, answer). Reference
 * figures of the same run: the host's floor (GET /health), the export of the same rows, and the preview of a
 * rule (+10 % on every product). Target: the 10,000-row CSV preview p50 < 2 s. Results: bench/results/prices-*.json.
 */
import { benchEngines, startSeededApi, writeResults } from '../support';
import { benchArgs } from '../args';

const TARGET_MS = 2000;

const args = benchArgs({ rows: 10000, runs: 5 }, { strings: ['pg'] });
const { rows: ROWS, runs: RUNS } = args;
const PG_BASE = args.pg ?? process.env.DATABASE_URL;

type Stat = { what: string; runs: number; p50: number; max: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(what: string, runs: number, fn: () => Promise<void>): Promise<Stat> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const s = { what, runs, p50: Math.round(median(times)), max: Math.round(Math.max(...times)) };
  console.log(`  ${what.padEnd(44)} p50 ${String(s.p50).padStart(6)} ms   max ${String(s.max).padStart(6)} ms   (${runs} veces)`);
  return s;
}

/** +5 % on the Precio column of the first `rows` data lines (es-AR decimals, as the export writes them). */
function editCsv(csv: string, rows: number): { text: string; rows: number } {
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  const header = lines[0]!.split(';');
  const priceAt = header.indexOf('Precio');
  const body = lines.slice(1, rows + 1).map((line) => {
    const cells = line.split(';');
    const cents = Math.round(Number(cells[priceAt]!.replace(',', '.')) * 100);
    cells[priceAt] = (Math.round(cents * 1.05) / 100).toFixed(2).replace('.', ',');
    return cells.join(';');
  });
  return { text: `\uFEFF${[lines[0], ...body].join('\r\n')}\r\n`, rows: body.length };
}

async function measure(engine: string): Promise<Stat[]> {
  const api = await startSeededApi({ name: 'prices', engine, pgBase: PG_BASE, products: ROWS, timeoutMs: 120_000 });
  try {
    const { base } = api;
    const login = (await (await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'staff@example.com', password: 'tienda-demo' }) })).json()) as { data: { token: string } };
    const auth = { authorization: `Bearer ${login.data.token}` };

    let exported = '';
    console.log(`\n${engine}, demo + ${ROWS} sintéticos`);
    const stats: Stat[] = [];
    stats.push(await timed('GET /health (piso del host)', 50, async () => void (await (await fetch(`${base}/health`)).arrayBuffer())));
    stats.push(
      await timed('exportar el CSV de todo el catálogo', RUNS, async () => {
        const res = await fetch(`${base}/api/staff/prices/export`, { headers: auth });
        if (!res.ok) throw new Error(`export → ${res.status}`);
        exported = await res.text();
      }),
    );
    const edited = editCsv(exported, ROWS);
    console.log(`  (CSV editado: ${edited.rows} filas, ${(Buffer.byteLength(edited.text) / 1024).toFixed(0)} KiB)`);
    let count = 0;
    stats.push(
      await timed(`vista previa del CSV (${edited.rows} filas)`, RUNS, async () => {
        const form = new FormData();
        form.append('file', new Blob([edited.text], { type: 'text/csv' }), 'precios.csv');
        const res = await fetch(`${base}/api/staff/prices/import/preview`, { method: 'POST', headers: auth, body: form });
        const body = (await res.json()) as { data: { count: number; bad: unknown[] } };
        if (!res.ok || body.data.bad.length) throw new Error(`import/preview → ${res.status}`);
        count = body.data.count;
      }),
    );
    console.log(`  (filas que cambian: ${count})`);
    stats.push(
      await timed('vista previa de una regla (+10 % a todo)', RUNS, async () => {
        const res = await fetch(`${base}/api/staff/prices/preview`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ selection: {}, rule: { kind: 'percent', value: 10, fields: ['price', 'discount', 'tiers'], rounding: 'none' } }),
        });
        if (!res.ok) throw new Error(`preview → ${res.status}`);
        await res.arrayBuffer();
      }),
    );
    const csvPreview = stats[2]!;
    console.log(`  objetivo: vista previa de 10.000 filas < ${TARGET_MS} ms → ${csvPreview.p50 < TARGET_MS ? 'OK' : 'NO'}`);
    return stats.map((s) => ({ ...s, engine }) as Stat);
  } finally {
    await api.stop();
  }
}

async function main(): Promise<number> {
  const rows: Stat[] = [];
  for (const engine of benchEngines(PG_BASE)) rows.push(...(await measure(engine)));
  writeResults('prices', { rows: ROWS, runs: RUNS, stats: rows });
  return rows.filter((r) => r.what.startsWith('vista previa del CSV')).every((r) => r.p50 < TARGET_MS) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
