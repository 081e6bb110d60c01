/**
 * Search relevance over the demo catalogue (issue 28): shopper-typed queries of each kind (exact words,
 * plural/singular, typos, joined/split words, SKU spellings, the trade's words, no match), the expected
 * product in the dropdown's first three (an SKU first). Prints the share per kind and fails when a kind
 * drops below the floor recorded in search-relevance.floor.json. The catalogue (`api/products?query=`)
 * must rank the same as the dropdown.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import { sql } from 'drizzle-orm';
import { buildCases, KINDS, type Case, type CatalogueRow, type Kind } from './search-relevance-cases';
import { describeEachDb, type Json, type TestContext } from './helpers';

const floorFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'search-relevance.floor.json');
const FLOOR = JSON.parse(readFileSync(floorFile, 'utf8')) as Record<Kind, number>;

async function catalogue(ctx: TestContext): Promise<CatalogueRow[]> {
  const res = (await ctx.db.db.execute(sql`
    select p.sku, p.name, array(select c.slug from product_categories pc join categories c on c.id = pc.category_id
      where pc.product_id = p.id order by pc.position) as categories
    from products p where p.parent_id is null and p.is_visible and p.state <> 'hidden' order by p.id`)) as unknown as {
    rows: CatalogueRow[];
  };
  return res.rows;
}

function passes(c: Case, items: Json[]): boolean {
  if (c.kind === 'nomatch') return items.length === 0;
  const top = items.slice(0, c.top);
  if (c.sku) return top.some((p) => p.sku === c.sku);
  return top.some((p) => p.Categories.some((cat: Json) => cat.slug === c.category));
}

describeEachDb('relevancia de la búsqueda', (ctx) => {
  it('cada tipo de consulta encuentra el producto esperado al menos en la proporción registrada', async () => {
    const cases = buildCases(await catalogue(ctx()));
    const tally = new Map<Kind, { pass: number; total: number; failed: string[] }>();
    for (const c of cases) {
      const { status, body } = await ctx().get(`/api/products/search?query=${encodeURIComponent(c.q)}`);
      assert.equal(status, 200, c.q);
      const t = tally.get(c.kind) ?? { pass: 0, total: 0, failed: [] };
      t.total++;
      if (passes(c, body.data.items)) t.pass++;
      else t.failed.push(`${c.q} → ${body.data.items.slice(0, 3).map((p: Json) => p.name).join(' | ') || '(nada)'}`);
      tally.set(c.kind, t);
    }
    const lines = [`relevancia [${ctx().kind}]`];
    const low: string[] = [];
    for (const kind of KINDS) {
      const t = tally.get(kind);
      if (!t) continue;
      const share = t.pass / t.total;
      lines.push(`  ${kind.padEnd(8)} ${String(t.pass).padStart(3)}/${String(t.total).padEnd(3)} ${(share * 100).toFixed(0).padStart(3)} %  (piso ${((FLOOR[kind] ?? 0) * 100).toFixed(0)} %)`);
      if (process.env.SEARCH_RELEVANCE_VERBOSE) for (const f of t.failed) lines.push(`      ✗ ${f}`);
      if (share < (FLOOR[kind] ?? 0)) low.push(`${kind}: ${(share * 100).toFixed(0)} % < ${((FLOOR[kind] ?? 0) * 100).toFixed(0)} %; fallan: ${t.failed.slice(0, 5).join('; ')}`);
    }
    console.log(lines.join('\n'));
    assert.deepEqual(low, [], 'la relevancia bajó del piso registrado');
  });

  it('el catálogo (api/products?query=) ordena igual que el desplegable', async () => {
    for (const q of ['velas de soja', 'sahumero', 'palosanto', 'ese0010', 'hornillo ceramica', 'incienso']) {
      const drop = await ctx().get(`/api/products/search?query=${encodeURIComponent(q)}`);
      const page = await ctx().get(`/api/products?rows=10&query=${encodeURIComponent(q)}`);
      assert.equal(page.status, 200);
      assert.deepEqual(
        page.body.data.items.map((p: Json) => p.id),
        drop.body.data.items.slice(0, 10).map((p: Json) => p.id),
        q,
      );
    }
  });
});
