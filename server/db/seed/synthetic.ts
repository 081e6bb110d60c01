/**
 * A large synthetic catalogue for benchmarks (`npm run seed -- --products 10000`). Products reuse the
 * demo's images instead of rendering new ones, and rows go in with multi-row INSERTs inside one transaction.
 */
import { like, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, offers, productCategories, productImages, products, variables } from '../schema';
import { productSearchColumns, slugify } from '../../lib/text';
import { AROMAS, COLORS } from './data';
import { analyze, SEED_REFERENCE_DATE } from './demo';
import { createRng } from './prng';

const KINDS = [
  { word: 'Sahumerio', cat: 'sahumerios', price: [800, 3500], variable: 'Aroma' },
  { word: 'Vela', cat: 'velas', price: [1500, 12000], variable: 'Color' },
  { word: 'Esencia', cat: 'esencias-y-aceites', price: [1500, 9000], variable: 'Aroma' },
  { word: 'Porta Sahumerio', cat: 'porta-sahumerios', price: [2000, 15000], variable: 'Color' },
  { word: 'Piedra', cat: 'piedras-y-cristales', price: [2500, 40000], variable: null },
  { word: 'Hornillo', cat: 'hornillos', price: [5000, 25000], variable: 'Color' },
  { word: 'Mazo', cat: 'tarot-y-oraculos', price: [12000, 45000], variable: null },
  { word: 'Adorno', cat: 'decoracion', price: [3000, 60000], variable: 'Color' },
] as const;

const ADJECTIVES = ['Artesanal', 'Premium', 'Clásico', 'Natural', 'Sagrado', 'Ancestral', 'Andino', 'Oriental', 'Místico', 'Serena', 'Lunar', 'Solar'];
const PACKS = ['x 10', 'x 12', 'x 20', 'x 25', 'Grande', 'Mediano', 'Chico', 'Edición Especial'];

export type SyntheticOptions = { count: number; seed?: number; log?: (msg: string) => void };

export async function seedSynthetic(db: Db, opts: SyntheticOptions): Promise<{ parents: number; variations: number; ms: number }> {
  const started = Date.now();
  const rng = createRng(opts.seed ?? 4242);
  const cats = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  if (!cats.length) throw new Error('No hay categorías: corré primero el seed de demostración');
  const catId = new Map(cats.map((c) => [c.slug, c.id]));
  const vars = await db.select().from(variables);
  const varId = new Map(vars.map((v) => [v.name, v.id]));
  const imageUrls = (await db.selectDistinct({ url: productImages.url }).from(productImages).limit(500)).map((r) => r.url);
  // Continue numbering when run twice, so SKUs and slugs stay unique.
  const [{ n: existing } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(like(products.sku, 'SYN-%'));

  type Parent = typeof products.$inferInsert & { sku: string; priceCents: number };
  type Extra = { variations: string[]; cats: number[]; offers: { units: number; pct: number; vip: boolean; strict: boolean }[] };
  const extras: Extra[] = [];
  const parents: Parent[] = [];
  for (let i = 0; i < opts.count; i++) {
    const seq = existing + i + 1;
    const kind = rng.pick(KINDS);
    const flavour = kind.variable === 'Color' ? rng.pick(COLORS) : rng.pick(AROMAS);
    const name = `${kind.word} ${rng.pick(ADJECTIVES)} ${flavour} ${rng.pick(PACKS)} · Línea ${seq}`;
    const sku = `SYN-${String(seq).padStart(6, '0')}`;
    const priceCents = rng.int(kind.price[0], kind.price[1]) * 100;
    const discountCents = rng.chance(0.12) ? Math.round((priceCents * 0.85) / 100) * 100 : null;
    const state = rng.chance(0.03) ? 'hidden' : rng.chance(0.04) ? 'noStock' : rng.chance(0.08) ? 'limited' : 'active';
    const variationNames =
      kind.variable && rng.chance(0.15) ? rng.sample(kind.variable === 'Color' ? COLORS : AROMAS, rng.int(5, 8)) : [];
    const description = [
      `**${name}**`,
      '',
      `Producto de catálogo extendido. ${kind.word} ${flavour.toLowerCase()} de calidad mayorista.`,
      '',
      `- **Código (SKU):** \`${sku}\``,
      `- **Medidas:** ${rng.int(3, 30)} x ${rng.int(2, 20)} x ${rng.int(1, 25)} cm`,
      `- **Peso:** ${rng.int(20, 2000)} g`,
    ].join('\n');
    const cat1 = catId.get(kind.cat)!;
    const extra = rng.chance(0.25) ? rng.pick(cats).id : null;
    const createdAt = new Date(SEED_REFERENCE_DATE.getTime() - rng.int(0, 1000) * 86_400_000 - rng.int(0, 86_399_000));
    parents.push({
      sku,
      name,
      slug: `${slugify(name)}-${sku.toLowerCase()}`,
      description,
      state,
      isVisible: state !== 'hidden',
      isAvailable: state !== 'noStock',
      isVariable: variationNames.length > 0,
      variableId: variationNames.length ? varId.get(kind.variable!) ?? null : null,
      isOutstanding: rng.chance(0.03),
      weight: rng.int(20, 2000),
      length: rng.int(3, 30),
      width: rng.int(2, 20),
      height: rng.int(1, 25),
      score: rng.int(0, 100),
      sales: Math.floor(rng.next() ** 3 * 5000),
      priceCents,
      discountCents,
      steps: 1,
      createdAt,
      updatedAt: createdAt,
      ...productSearchColumns({ name, sku, brand: 'Artesanal', description, extra: variationNames }),
    });
    extras.push({
      variations: variationNames,
      cats: extra && extra !== cat1 ? [cat1, extra] : [cat1],
      offers: rng.chance(0.6)
        ? [
            { units: 12, pct: 0.93, vip: false, strict: rng.chance(0.2) },
            ...(rng.chance(0.5) ? [{ units: 48, pct: 0.86, vip: false, strict: false }] : []),
            ...(rng.chance(0.3) ? [{ units: 24, pct: 0.84, vip: true, strict: false }] : []),
          ]
        : [],
    });
  }

  let variationCount = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < parents.length; start += 500) {
      const batch = parents.slice(start, start + 500);
      const rows = await tx.insert(products).values(batch).returning({ id: products.id });
      const variationRows: (typeof products.$inferInsert)[] = [];
      const catRows: (typeof productCategories.$inferInsert)[] = [];
      const imageRows: (typeof productImages.$inferInsert)[] = [];
      const offerRows: (typeof offers.$inferInsert)[] = [];
      batch.forEach((p, i) => {
        const id = rows[i]!.id;
        const x = extras[start + i]!;
        x.cats.forEach((categoryId, position) => catRows.push({ productId: id, categoryId, position }));
        if (imageUrls.length) {
          const n = rng.int(1, 2);
          for (let k = 0; k < n; k++) imageRows.push({ productId: id, url: imageUrls[rng.int(0, imageUrls.length - 1)]!, position: k });
        }
        const base = p.discountCents ?? p.priceCents;
        for (const o of x.offers) {
          offerRows.push({
            productId: id,
            name: `${o.strict ? 'Pack cerrado' : o.vip ? 'Precio VIP' : 'Pack'} x ${o.units}`,
            units: o.units,
            priceCents: Math.round((base * o.pct) / 100) * 100,
            isVip: o.vip,
            isStrict: o.strict,
          });
        }
        x.variations.forEach((vName, k) => {
          const vState = rng.chance(0.06) ? 'hidden' : rng.chance(0.05) ? 'noStock' : 'active';
          variationRows.push({
            sku: `${p.sku}-${String(k + 1).padStart(2, '0')}`,
            name: vName,
            slug: `${p.slug}-${slugify(vName)}`,
            isVariation: true,
            parentId: id,
            variableId: p.variableId,
            state: vState,
            isVisible: vState !== 'hidden',
            isAvailable: vState !== 'noStock',
            priceCents: p.priceCents,
            discountCents: p.discountCents,
            weight: p.weight,
            createdAt: p.createdAt,
            updatedAt: p.createdAt,
            ...productSearchColumns({ name: `${p.name} ${vName}`, sku: `${p.sku}-${k + 1}` }),
          });
        });
      });
      for (let k = 0; k < variationRows.length; k += 500) await tx.insert(products).values(variationRows.slice(k, k + 500));
      for (let k = 0; k < catRows.length; k += 1000) await tx.insert(productCategories).values(catRows.slice(k, k + 1000));
      for (let k = 0; k < imageRows.length; k += 1000) await tx.insert(productImages).values(imageRows.slice(k, k + 1000));
      for (let k = 0; k < offerRows.length; k += 1000) await tx.insert(offers).values(offerRows.slice(k, k + 1000));
      variationCount += variationRows.length;
      opts.log?.(`sintético: ${Math.min(start + 500, parents.length)}/${parents.length}`);
    }
  });
  await analyze(db);
  const ms = Date.now() - started;
  opts.log?.(`sintético: ${parents.length} productos y ${variationCount} variaciones en ${ms} ms`);
  return { parents: parents.length, variations: variationCount, ms };
}
