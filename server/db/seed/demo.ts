/**
 * The demo seed: roles and permissions, the three demo accounts, categories, ~90 parent products with
 * variations, offers, images, tags, carousel, transports and the config row. Deterministic (seeded PRNG,
 * fixed reference date). Images are rendered before the transaction; every row is written in ONE
 * transaction, so a failure leaves the database empty rather than half-seeded.
 */
import argon2 from 'argon2';
import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as schema from '../schema';
import { productSearchColumns, slugify } from '../../lib/text';
import {
  CAROUSEL,
  CATEGORIES,
  DEMO_PASSWORD,
  DEMO_USERS,
  OPTION_COLORS,
  PRODUCTS,
  TAGS,
  TRANSPORTS,
  type ProductDef,
} from './data';
import { ensureBaseData } from './base';
import type { ImageSink } from '../../storage/blobs';
import { bannerSvg, categorySvg, productSvg, renderImages, type ImageJob } from './images';
import { createRng, type Rng } from './prng';

const {
  roles,
  users,
  categories,
  variables,
  products,
  productCategories,
  productImages,
  offers,
  tags,
  carouselImages,
  transports,
  addresses,
  billingData,
} = schema;

/** "Today" for the demo data, so dates do not depend on when the seed runs. */
export const SEED_REFERENCE_DATE = new Date('2026-11-01T12:00:00.000Z');
const DEMO_SEED = 20_261_101;

const SKU_PREFIX: Record<string, string> = {
  sahumerios: 'SAH',
  velas: 'VEL',
  'esencias-y-aceites': 'ESE',
  'porta-sahumerios': 'POR',
  'piedras-y-cristales': 'PIE',
  hornillos: 'HOR',
  'tarot-y-oraculos': 'TAR',
  decoracion: 'DEC',
};

type SeedImages =
  /** render real WebP images into the blob storage (uploads/…) */
  | { mode: 'generate'; sink: ImageSink }
  /** point every image at already existing URLs (tests, fast seeds) */
  | { mode: 'shared'; productUrls: string[]; bannerUrls: string[]; categoryUrls: string[] };

export type SeedOptions = {
  images: SeedImages;
  log?: (msg: string) => void;
  /** argon2 hash to reuse for the demo accounts (tests hash once per process) */
  passwordHash?: string;
};

export type SeedSummary = {
  categories: number;
  parents: number;
  variations: number;
  offers: number;
  images: number;
  users: number;
  ms: number;
};

/* ------------------------------------------------------------------ plan */

type PlannedVariation = {
  name: string;
  sku: string;
  slug: string;
  priceCents: number;
  discountCents: number | null;
  state: 'active' | 'limited' | 'noStock' | 'hidden';
};

type PlannedProduct = {
  def: ProductDef;
  sku: string;
  slug: string;
  priceCents: number;
  discountCents: number | null;
  state: 'active' | 'limited' | 'noStock' | 'hidden';
  isOutstanding: boolean;
  score: number;
  sales: number;
  createdAt: Date;
  updatedAt: Date;
  description: string;
  variations: PlannedVariation[];
  offers: { name: string; units: number; priceCents: number; isVip: boolean; isStrict: boolean }[];
  imageJobs: ImageJob[];
};

const roundPesos = (cents: number) => Math.round(cents / 100) * 100;

function formatCm(n: number): string {
  return n.toLocaleString('es-AR', { maximumFractionDigits: 1 });
}

function describe(def: ProductDef, sku: string, variations: PlannedVariation[]): string {
  const [l, w, h] = def.dims;
  const lines = [
    `**${def.name}**`,
    '',
    def.blurb,
    '',
    `- **Código (SKU):** \`${sku}\``,
    `- **Medidas:** ${formatCm(l)} x ${formatCm(w)} x ${formatCm(h)} cm (largo x ancho x alto)`,
    `- **Peso:** ${def.weight} g`,
    `- **Presentación:** ${def.pack}`,
    `- **Marca:** ${def.brand ?? 'Artesanal'}`,
  ];
  if (def.variable) {
    const visible = variations.filter((v) => v.state !== 'hidden').map((v) => v.name);
    lines.push(`- **${def.variable.name}s disponibles:** ${visible.join(', ')}`);
  }
  lines.push(
    '',
    '### Venta mayorista',
    '',
    'Consultá los precios por cantidad: cuanto más llevás, menos pagás por unidad. Los packs cerrados se ',
    'aplican sólo en múltiplos exactos.',
  );
  if (def.min && def.min > 1) lines.push('', `> Se vende de a ${def.steps ?? def.min} unidades (mínimo ${def.min}).`);
  return lines.join('\n');
}

function offersFor(rng: Rng, baseCents: number): PlannedProduct['offers'] {
  if (!rng.chance(0.82)) return [];
  const expensive = baseCents >= 1_500_000;
  const [small, medium, big] = expensive ? [3, 6, 12] : [12, 24, 48];
  const out: PlannedProduct['offers'] = [];
  if (rng.chance(0.25)) {
    out.push({ name: `Pack cerrado x ${small}`, units: small, priceCents: roundPesos(baseCents * 0.9), isVip: false, isStrict: true });
  } else {
    out.push({ name: `Pack x ${small}`, units: small, priceCents: roundPesos(baseCents * 0.93), isVip: false, isStrict: false });
  }
  if (rng.chance(0.6)) {
    out.push({ name: `Caja x ${big}`, units: big, priceCents: roundPesos(baseCents * 0.86), isVip: false, isStrict: false });
  }
  if (rng.chance(0.4)) {
    out.push({ name: `Precio VIP x ${medium}`, units: medium, priceCents: roundPesos(baseCents * 0.84), isVip: true, isStrict: false });
  }
  return out;
}

const PREMIUM = new Set(['Palo Santo', 'Mirra', 'Nag Champa', 'Salvia Blanca', 'Lapislázuli', 'Labradorita', 'Malaquita', 'Dorado', 'Plateado']);

export function planDemoCatalogue(): PlannedProduct[] {
  const rng = createRng(DEMO_SEED);
  const counters = new Map<string, number>();
  const categoryBySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));
  const usedSlugs = new Set<string>();

  return PRODUCTS.map((def, index) => {
    const cat = def.cats[0]!;
    const n = (counters.get(cat) ?? 0) + 1;
    counters.set(cat, n);
    const sku = `${SKU_PREFIX[cat]}-${String(n).padStart(4, '0')}`;
    let slug = slugify(def.name);
    if (usedSlugs.has(slug)) slug = `${slug}-${sku.toLowerCase()}`;
    usedSlugs.add(slug);

    // Centavos on some prices (e.g. $1.449,90), so the wire format is exercised.
    const priceCents = def.price * 100 - (rng.chance(0.15) ? 10 : 0);
    const discountCents = def.discountPct ? roundPesos(priceCents * (1 - def.discountPct / 100)) : null;
    const state = def.state ?? (rng.chance(0.08) ? 'limited' : 'active');

    const variations: PlannedVariation[] = [];
    if (def.variable) {
      def.variable.options.forEach((option, i) => {
        let price = priceCents;
        if (def.variable!.name === 'Tamaño') price = roundPesos(priceCents * [0.55, 1, 1.9, 3.1, 5.8][i]!);
        else if (PREMIUM.has(option)) price = roundPesos(priceCents * 1.12);
        const vState: PlannedVariation['state'] =
          // every third variable product hides one option, so hidden variations always exist
          index % 3 === 0 && i === def.variable!.options.length - 1
            ? 'hidden'
            : rng.chance(0.05)
              ? 'hidden'
              : rng.chance(0.07)
                ? 'noStock'
                : rng.chance(0.07)
                  ? 'limited'
                  : 'active';
        variations.push({
          name: option,
          sku: `${sku}-${String(i + 1).padStart(2, '0')}`,
          slug: `${slug}-${slugify(option)}`,
          priceCents: price,
          discountCents: def.discountPct ? roundPesos(price * (1 - def.discountPct / 100)) : null,
          state: vState,
        });
      });
    }

    const daysAgo = rng.int(3, 720);
    const createdAt = new Date(SEED_REFERENCE_DATE.getTime() - daysAgo * 86_400_000 - rng.int(0, 86_399) * 1000);
    const updatedAt = new Date(Math.min(SEED_REFERENCE_DATE.getTime(), createdAt.getTime() + rng.int(0, 60) * 86_400_000));
    const isOutstanding = def.outstanding ?? false;
    const sales = Math.floor(rng.next() ** 2 * 3000) + (isOutstanding ? 400 : 0);
    const score = Math.min(100, rng.int(5, 80) + (isOutstanding ? 20 : 0));

    const category = categoryBySlug.get(cat)!;
    const optionColors = (def.variable?.options ?? []).map((o) => OPTION_COLORS[o]).filter((c): c is string => !!c);
    const palette = optionColors.length >= 2 ? [optionColors[0]!, category.palette[1]!, optionColors[1]!] : category.palette;
    const imageCount = def.images ?? rng.int(1, 4);
    const imageJobs: ImageJob[] = Array.from({ length: imageCount }, (_, v) => ({
      dir: 'products',
      stem: `${sku.toLowerCase()}-${v + 1}`,
      width: 800,
      height: 800,
      svg: productSvg({
        seedKey: sku,
        motif: category.motif,
        palette: v === 0 ? palette : [...palette.slice(1), palette[0]!],
        label: def.name,
        variant: v,
      }),
    }));

    const base = discountCents ?? priceCents;
    return {
      def,
      sku,
      slug,
      priceCents,
      discountCents,
      state,
      isOutstanding,
      score,
      sales,
      createdAt,
      updatedAt,
      description: describe(def, sku, variations),
      variations,
      offers: offersFor(rng, base),
      imageJobs,
    };
  });
}

/* --------------------------------------------------------------- helpers */

/** Every table of the schema (for reset). */
export function allTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
}

/** True when the database holds no accounts and no products (reference data alone does not count). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`(select count(*)::int from ${users}) + (select count(*)::int from ${products})` })
    .from(sql`(select 1) as one`);
  return (row?.n ?? 0) === 0;
}

/** Empties every table and restarts ids (used by `seed --reset`). */
export async function resetDatabase(db: Db): Promise<void> {
  const names = allTables().map((t) => `"${getTableConfig(t).name}"`);
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
    await tx.execute(sql.raw(`alter sequence order_number_seq restart`));
  });
}

/** Refresh planner statistics (and the visibility map for index-only counts) after bulk writes. */
export async function analyze(db: Db): Promise<void> {
  try {
    await db.execute(sql.raw('vacuum analyze'));
  } catch {
    await db.execute(sql.raw('analyze'));
  }
}

export async function hashDemoPassword(): Promise<string> {
  return argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
}

const CHUNK = 500;
function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/* ------------------------------------------------------------------ seed */

export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const plan = planDemoCatalogue();

  // Images first (outside the transaction; files are content-addressed, so re-running is harmless).
  const productJobs = plan.flatMap((p) => p.imageJobs);
  const bannerJobs: ImageJob[] = CAROUSEL.map((b, i) => ({
    dir: 'carousel',
    stem: `banner-${i + 1}`,
    width: 1600,
    height: 600,
    svg: bannerSvg({ seedKey: `banner-${i}`, title: b.title, subtitle: b.subtitle, palette: b.palette, motif: b.motif }),
  }));
  const categoryJobs: ImageJob[] = CATEGORIES.map((c) => ({
    dir: 'categories',
    stem: c.slug,
    width: 800,
    height: 600,
    svg: categorySvg({ seedKey: c.slug, name: c.name, palette: c.palette, motif: c.motif }),
  }));

  let productUrls: string[];
  let bannerUrls: string[];
  let categoryUrls: string[];
  const passwordHashPromise = opts.passwordHash ? Promise.resolve(opts.passwordHash) : hashDemoPassword();
  if (opts.images.mode === 'generate') {
    const t = Date.now();
    const all = await renderImages(opts.images.sink, [...productJobs, ...bannerJobs, ...categoryJobs]);
    productUrls = all.slice(0, productJobs.length);
    bannerUrls = all.slice(productJobs.length, productJobs.length + bannerJobs.length);
    categoryUrls = all.slice(productJobs.length + bannerJobs.length);
    log(`imágenes: ${all.length} en ${Date.now() - t} ms`);
  } else {
    const { productUrls: p, bannerUrls: b, categoryUrls: c } = opts.images;
    productUrls = productJobs.map((_, i) => p[i % p.length]!);
    bannerUrls = bannerJobs.map((_, i) => b[i % b.length]!);
    categoryUrls = categoryJobs.map((_, i) => c[i % c.length]!);
  }
  const passwordHash = await passwordHashPromise;

  const summary = await db.transaction(async (tx) => {
    /* roles, permissions, variables and the config row (the same reference data a production start gets) */
    await ensureBaseData(tx);
    const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
    const roleId = new Map(roleRows.map((r) => [r.name, r.id]));

    /* users, with addresses and billing data for the customers */
    const now = SEED_REFERENCE_DATE;
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          name: u.name,
          lastname: u.lastname,
          email: u.email,
          passwordHash,
          contactNumber: u.contactNumber,
          roleId: roleId.get(u.role)!,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (u.address) await tx.insert(addresses).values({ userId: row!.id, ...u.address });
      if (u.billing) await tx.insert(billingData).values({ userId: row!.id, ...u.billing });
    }

    /* catalogue */
    const varRows = await tx.select().from(variables);
    const variableId = new Map(varRows.map((v) => [v.name, v.id]));

    const catRows = await tx
      .insert(categories)
      .values(
        CATEGORIES.map((c, i) => ({ name: c.name, slug: c.slug, description: c.description, image: categoryUrls[i]!, order: i + 1 })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    const categoryId = new Map(catRows.map((c) => [c.slug, c.id]));

    const parentValues = plan.map((p) => {
      const visibleVariationNames = p.variations.filter((v) => v.state !== 'hidden').map((v) => v.name);
      return {
        sku: p.sku,
        name: p.def.name,
        slug: p.slug,
        description: p.description,
        brand: p.def.brand ?? 'Artesanal',
        isOutstanding: p.isOutstanding,
        isVisible: p.state !== 'hidden',
        isAvailable: p.state !== 'noStock',
        isVariable: !!p.def.variable,
        isVariation: false,
        state: p.state,
        variableId: p.def.variable ? variableId.get(p.def.variable.name)! : null,
        weight: p.def.weight,
        length: p.def.dims[0],
        width: p.def.dims[1],
        height: p.def.dims[2],
        score: p.score,
        sales: p.sales,
        priceCents: p.priceCents,
        discountCents: p.discountCents,
        min: p.def.min ?? 0,
        max: 0,
        steps: p.def.steps ?? 1,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        ...productSearchColumns({
          name: p.def.name,
          sku: p.sku,
          brand: p.def.brand ?? 'Artesanal',
          description: p.description,
          extra: visibleVariationNames,
        }),
      };
    });
    const parentRows = await tx.insert(products).values(parentValues).returning({ id: products.id, sku: products.sku });
    const parentId = new Map(parentRows.map((r) => [r.sku, r.id]));

    const variationValues = plan.flatMap((p) =>
      p.variations.map((v) => ({
        sku: v.sku,
        name: v.name,
        slug: v.slug,
        description: '',
        brand: p.def.brand ?? 'Artesanal',
        isVisible: v.state !== 'hidden',
        isAvailable: v.state !== 'noStock',
        isVariation: true,
        state: v.state,
        parentId: parentId.get(p.sku)!,
        variableId: variableId.get(p.def.variable!.name)!,
        weight: p.def.weight,
        length: p.def.dims[0],
        width: p.def.dims[1],
        height: p.def.dims[2],
        priceCents: v.priceCents,
        discountCents: v.discountCents,
        min: p.def.min ?? 0,
        max: 0,
        steps: p.def.steps ?? 1,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        ...productSearchColumns({ name: `${p.def.name} ${v.name}`, sku: v.sku }),
      })),
    );
    for (const chunk of chunks(variationValues)) await tx.insert(products).values(chunk);

    await tx.insert(productCategories).values(
      plan.flatMap((p) =>
        p.def.cats.map((slug, position) => ({ productId: parentId.get(p.sku)!, categoryId: categoryId.get(slug)!, position })),
      ),
    );

    let urlIndex = 0;
    const imageValues = plan.flatMap((p) =>
      p.imageJobs.map((_, position) => ({ productId: parentId.get(p.sku)!, url: productUrls[urlIndex++]!, position })),
    );
    await tx.insert(productImages).values(imageValues);

    const offerValues = plan.flatMap((p) => p.offers.map((o) => ({ productId: parentId.get(p.sku)!, ...o })));
    if (offerValues.length) await tx.insert(offers).values(offerValues);

    /* storefront content and shop data */
    await tx.insert(tags).values(TAGS.map((t, i) => ({ ...t, position: i })));
    await tx.insert(carouselImages).values(
      CAROUSEL.map((b, i) => ({ url: bannerUrls[i]!, alt: `${b.title}: ${b.subtitle}`, link: b.link, position: i })),
    );
    for (const t of TRANSPORTS) {
      const [father] = await tx.insert(transports).values({ name: t.name, isAble: t.isAble }).returning({ id: transports.id });
      if (t.children?.length) {
        await tx.insert(transports).values(t.children.map((name) => ({ name, isAble: t.isAble, fatherId: father!.id })));
      }
    }

    return {
      categories: catRows.length,
      parents: parentRows.length,
      variations: variationValues.length,
      offers: offerValues.length,
      images: imageValues.length,
      users: DEMO_USERS.length,
    };
  });

  await analyze(db);
  const result = { ...summary, ms: Date.now() - started };
  log(
    `demo: ${result.categories} categorías, ${result.parents} productos, ${result.variations} variaciones, ` +
      `${result.offers} ofertas, ${result.images} imágenes, ${result.users} usuarios en ${result.ms} ms`,
  );
  return result;
}
