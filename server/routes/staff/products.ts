/**
 * Staff product tools (registered by ./index.ts under /api/staff; permission products:write, held by
 * superadmin, admin and employee — orderemployee and customers get 403, guests 401):
 *
 *   GET    /api/staff/products?q&state&category&page&rows   top-level products, hidden ones included
 *   POST   /api/staff/products { name, slug?, sku?, description?, price, discount?, state?, min?, max?, steps?,
 *          offers?, categoryIds?, variable?, variations? }         create (simple, or variable with its variations)
 *   GET    /api/staff/products/:id                          one product with variations, offers, images, categories
 *   POST   /api/staff/products/:id/duplicate                a hidden copy "(copia)" with new slug and SKU
 *   POST   /api/staff/products/:id/archive { archived }     archived = off the storefront and search, kept for orders
 *   DELETE /api/staff/products/:id                          only a product never ordered (else 409: archive it)
 *   PATCH  /api/staff/products/:id { price?, discount?, state?, min?, max?, steps?, offers?, categoryIds? }
 *   POST   /api/staff/products/:id/images                   multipart, one JPG/PNG/WEBP ≤ 10 MB → WebP
 *   PUT    /api/staff/products/:id/images/order { ids }     the new order (a permutation of the ids)
 *   DELETE /api/staff/products/:id/images/:imageId
 *
 * Every write runs in one transaction and is then announced through services/catalogue-changes.ts as a
 * catalogue change (server/events): the API's catalogue cache drops it and the storefront revalidates the
 * product (by id and every slug), its parent, its old and new categories and the lists, so the public page
 * changes at once.
 * Bad input → 400 with a Spanish message of server/errors.ts (the specific one when a rule of ours fails).
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { fromCents, toCents } from '../../../lib/money';
import type { Db } from '../../db/client';
import { categories, offers, orderItems, productCategories, productImages, products, variables } from '../../db/schema';
import { HttpError, MESSAGES } from '../../errors';
import { escapeLike, normalizeText, productSearchColumns, searchTokens, slugify } from '../../lib/text';
import { envelope, errorSchema, idParams, intString } from '../../../lib/contracts/common';
import { catalogueChanged, type CatalogueChange } from '../../services/catalogue-changes';
import { readUpload } from '../../storage/upload';
import { authErrors } from '../orders/schemas';

const PRODUCT_STATES = ['active', 'limited', 'noStock', 'hidden'] as const;

/** Limits of the editor (also shown by the storefront form). */
const MAX_OFFERS = 20;
const MAX_IMAGES = 12;
/** Longest side of a stored product image, in pixels (the /uploads proxy resizes down from it). */
const IMAGE_MAX_SIDE = 1600;
/** Decompression-bomb guard: images with more pixels than this are refused before decoding. */
const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
const MAX_PRICE = 20_000_000;
const MAX_QTY = 100_000;

/* ---------------------------------------------------------------- schemas */

/** A peso amount with the given Spanish message: finite, ≥ 0, ≤ MAX_PRICE, at most 2 decimals. */
const pesos = (message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(MAX_PRICE, { error: message })
    // zod runs refinements after a failed max too: toCents throws beyond safe integers, so check the range first
    .refine((v) => Math.abs(v) <= MAX_PRICE && Math.abs(toCents(v) - v * 100) < 1e-6, { error: message });

const qty = z.number({ error: MESSAGES.productQuantityInvalid }).int({ error: MESSAGES.productQuantityInvalid }).min(0, { error: MESSAGES.productQuantityInvalid }).max(MAX_QTY, { error: MESSAGES.productQuantityInvalid });

const offerInput = z.object({
  name: z
    .string({ error: MESSAGES.offerNameRequired })
    .trim()
    .min(1, { error: MESSAGES.offerNameRequired })
    .max(100, { error: MESSAGES.offerNameRequired })
    .refine((s) => !s.includes('\u0000'), { error: MESSAGES.offerNameRequired }),
  units: z.number({ error: MESSAGES.offerUnitsInvalid }).int({ error: MESSAGES.offerUnitsInvalid }).min(1, { error: MESSAGES.offerUnitsInvalid }).max(MAX_QTY, { error: MESSAGES.offerUnitsInvalid }),
  price: pesos(MESSAGES.offerPriceInvalid),
  isVip: z.boolean().default(false),
  isStrict: z.boolean().default(false),
});

const productPatchBody = z
  .object({
    price: pesos(MESSAGES.productPriceInvalid).optional(),
    /** the discounted unit price; null removes it */
    discount: pesos(MESSAGES.productPriceInvalid).nullable().optional(),
    state: z.enum(PRODUCT_STATES).optional(),
    min: qty.optional(),
    /** 0 = no maximum of its own (the shop default) */
    max: qty.optional(),
    steps: qty.min(1, { error: MESSAGES.productQuantityInvalid }).optional(),
    /** the whole list of tiers (replaces the current ones); parents and simple products only */
    offers: z.array(offerInput).max(MAX_OFFERS, { error: MESSAGES.offerTooMany }).optional(),
    /** ordered; the first is the canonical category (its URL); parents and simple products only */
    categoryIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).optional(),
  })
  .strict()
  .superRefine((b, ctx) => checkOfferDuplicates(b.offers, ctx));
type ProductPatchBody = z.infer<typeof productPatchBody>;

/** Two tiers with the same units and the same kind (VIP or general) would be ambiguous. */
function checkOfferDuplicates(list: readonly { units: number; isVip: boolean }[] | undefined, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const o of list ?? []) {
    const key = `${o.units}:${o.isVip}`;
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.offerDuplicateUnits, path: ['offers'] });
      return;
    }
    seen.add(key);
  }
}

const MAX_VARIATIONS = 100;
/** lowercase words of a-z and 0-9 joined by single hyphens: what slugify produces */
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const noNul = (s: string) => !s.includes('\u0000');

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message }).refine(noNul, { error: message });
const slugInput = z.string({ error: MESSAGES.productSlugInvalid }).trim().max(120, { error: MESSAGES.productSlugInvalid }).regex(SLUG_RE, { error: MESSAGES.productSlugInvalid });
const skuInput = z
  .string({ error: MESSAGES.productSkuInvalid })
  .trim()
  .max(40, { error: MESSAGES.productSkuInvalid })
  .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, { error: MESSAGES.productSkuInvalid });

const variationInput = z
  .object({
    name: text(MESSAGES.variationNameRequired, 100),
    sku: skuInput.optional(),
    price: pesos(MESSAGES.productPriceInvalid),
    discount: pesos(MESSAGES.productPriceInvalid).nullable().optional(),
    state: z.enum(PRODUCT_STATES).default('active'),
  })
  .strict();

const productCreateBody = z
  .object({
    name: text(MESSAGES.productNameRequired, 200),
    /** the storefront address; slugify(name) when absent */
    slug: slugInput.optional(),
    /** generated (P-00042) when absent */
    sku: skuInput.optional(),
    /** markdown */
    description: z.string({ error: MESSAGES.productDescriptionTooLong }).max(20_000, { error: MESSAGES.productDescriptionTooLong }).refine(noNul, { error: MESSAGES.productDescriptionTooLong }).default(''),
    price: pesos(MESSAGES.productPriceInvalid),
    discount: pesos(MESSAGES.productPriceInvalid).nullable().optional(),
    state: z.enum(PRODUCT_STATES).default('active'),
    min: qty.default(0),
    max: qty.default(0),
    steps: qty.min(1, { error: MESSAGES.productQuantityInvalid }).default(1),
    offers: z.array(offerInput).max(MAX_OFFERS, { error: MESSAGES.offerTooMany }).default([]),
    categoryIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).default([]),
    /** what the variations vary on ("Aroma", "Color"); required with variations */
    variable: text(MESSAGES.variableNameRequired, 50).optional(),
    variations: z.array(variationInput).max(MAX_VARIATIONS, { error: MESSAGES.variationTooMany }).default([]),
  })
  .strict()
  .superRefine((b, ctx) => {
    checkOfferDuplicates(b.offers, ctx);
    if (b.variations.length && !b.variable) ctx.addIssue({ code: 'custom', message: MESSAGES.variableNameRequired, path: ['variable'] });
    const seen = new Set<string>();
    for (const v of b.variations) {
      // two names with the same address ("Sándalo" and "sandalo") are the same variation
      const key = slugify(v.name);
      if (!key) ctx.addIssue({ code: 'custom', message: MESSAGES.variationNameRequired, path: ['variations'] });
      else if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.variationDuplicate, path: ['variations'] });
        return;
      }
      seen.add(key);
    }
  });
type ProductCreateBody = z.infer<typeof productCreateBody>;

const stateSchema = z.enum(PRODUCT_STATES);

const listQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .refine((s) => !s.includes('\u0000'))
    .optional()
    .describe('Nombre, SKU o id (también de sus variantes)'),
  state: stateSchema.optional(),
  category: intString().optional().describe('Id de categoría'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rows: z.coerce.number().int().min(1).max(100).default(25),
});

const categoryRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

const listItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  discount: z.number().nullable(),
  state: stateSchema,
  isVisible: z.boolean(),
  isVariable: z.boolean(),
  variationCount: z.number().int(),
  offerCount: z.number().int(),
  image: z.string().nullable(),
  categories: z.array(z.string()),
  categorySlug: z.string().nullable(),
  updatedAt: z.string(),
});

const listSchema = z.object({
  items: z.array(listItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  rows: z.number().int(),
  totalPages: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  categories: z.array(categoryRef),
});

const imageSchema = z.object({ id: z.number().int(), url: z.string(), position: z.number().int() });
const offerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  units: z.number().int(),
  price: z.number(),
  isVip: z.boolean(),
  isStrict: z.boolean(),
});
const variationSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  discount: z.number().nullable(),
  state: stateSchema,
  min: z.number().int(),
  max: z.number().int(),
  steps: z.number().int(),
});

const detailSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  discount: z.number().nullable(),
  state: stateSchema,
  isVisible: z.boolean(),
  isVariable: z.boolean(),
  isVariation: z.boolean(),
  min: z.number().int(),
  max: z.number().int(),
  steps: z.number().int(),
  updatedAt: z.string(),
  parent: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  categories: z.array(categoryRef),
  images: z.array(imageSchema),
  offers: z.array(offerSchema),
  variations: z.array(variationSchema),
  /** every category, for the picker */
  categoryOptions: z.array(categoryRef),
});
type StaffProductDetailWire = z.infer<typeof detailSchema>;

/* -------------------------------------------------------------- queries */

type Tx = Db;

async function allCategories(db: Db) {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.order), asc(categories.name));
}

async function categoriesOf(db: Db, productId: number) {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, productId))
    .orderBy(asc(productCategories.position), asc(categories.name));
}

const variationCols = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  priceCents: products.priceCents,
  discountCents: products.discountCents,
  state: products.state,
  min: products.min,
  max: products.max,
  steps: products.steps,
};

async function productDetail(db: Db, id: number): Promise<StaffProductDetailWire | null> {
  const [p] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!p) return null;
  // a variation's categories, images and offers are its parent's (as the storefront shows them)
  const ownerId = p.parentId ?? p.id;
  const [parent] = p.parentId ? await db.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(eq(products.id, p.parentId)).limit(1) : [];
  const [cats, imgs, offs, vars, options] = await Promise.all([
    categoriesOf(db, ownerId),
    db.select({ id: productImages.id, url: productImages.url, position: productImages.position }).from(productImages).where(eq(productImages.productId, p.id)).orderBy(asc(productImages.position), asc(productImages.id)),
    db.select().from(offers).where(eq(offers.productId, ownerId)).orderBy(asc(offers.units), asc(offers.isVip), asc(offers.id)),
    p.parentId ? Promise.resolve([]) : db.select(variationCols).from(products).where(eq(products.parentId, p.id)).orderBy(asc(products.name), asc(products.id)),
    allCategories(db),
  ]);
  return {
    id: p.id,
    parentId: p.parentId,
    sku: p.sku,
    name: p.name,
    slug: p.slug,
    price: fromCents(p.priceCents),
    discount: p.discountCents === null ? null : fromCents(p.discountCents),
    state: p.state,
    isVisible: p.isVisible,
    isVariable: p.isVariable,
    isVariation: p.isVariation,
    min: p.min,
    max: p.max,
    steps: p.steps,
    updatedAt: p.updatedAt.toISOString(),
    parent: parent ?? null,
    categories: cats,
    images: imgs,
    offers: offs.map((o) => ({ id: o.id, name: o.name, units: o.units, price: fromCents(o.priceCents), isVip: o.isVip, isStrict: o.isStrict })),
    variations: vars.map((v) => ({
      id: v.id,
      sku: v.sku,
      name: v.name,
      slug: v.slug,
      price: fromCents(v.priceCents),
      discount: v.discountCents === null ? null : fromCents(v.discountCents),
      state: v.state,
      min: v.min,
      max: v.max,
      steps: v.steps,
    })),
    categoryOptions: options,
  };
}

type ListQuery = z.infer<typeof listQuery>;

async function listProducts(db: Db, q: ListQuery) {
  const where: SQL[] = [sql`${products.parentId} is null`];
  const tokens = q.q ? searchTokens(q.q) : [];
  const rawQ = q.q ? normalizeText(q.q) : '';
  if (tokens.length || rawQ) {
    // every word in the name or SKU of the product or of one of its variations; an exact id also matches
    const perToken = tokens.map((t) => {
      const like = `%${escapeLike(t)}%`;
      return sql`(${products.searchName} like ${like} or lower(${products.name}) like ${like} or lower(${products.sku}) like ${like}
        or exists (select 1 from products v where v.parent_id = products.id and (lower(v.name) like ${like} or lower(v.sku) like ${like})))`;
    });
    const skuLike = `%${escapeLike(rawQ)}%`;
    const bySku = sql`(lower(${products.sku}) like ${skuLike} or exists (select 1 from products v where v.parent_id = products.id and lower(v.sku) like ${skuLike}))`;
    const parts: SQL[] = [bySku];
    if (perToken.length) parts.push(sql`(${sql.join(perToken, sql` and `)})`);
    if (/^[0-9]{1,9}$/.test(rawQ)) parts.push(sql`${products.id} = ${Number(rawQ)}`);
    where.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  if (q.category) where.push(sql`exists (select 1 from product_categories pc where pc.product_id = products.id and pc.category_id = ${q.category})`);
  const base = sql.join(where, sql` and `);
  const filtered = q.state ? sql`${base} and ${products.state} = ${q.state}` : base;

  const [countRows, totalRows] = await Promise.all([
    db.select({ state: products.state, n: count() }).from(products).where(base).groupBy(products.state),
    db.select({ n: count() }).from(products).where(filtered),
  ]);
  const total = Number(totalRows[0]?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / q.rows));
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      slug: products.slug,
      priceCents: products.priceCents,
      discountCents: products.discountCents,
      state: products.state,
      isVisible: products.isVisible,
      isVariable: products.isVariable,
      updatedAt: products.updatedAt,
      variationCount: sql<number>`(select count(*) from products v where v.parent_id = products.id)`.mapWith(Number),
      offerCount: sql<number>`(select count(*) from offers o where o.product_id = products.id)`.mapWith(Number),
      image: sql<string | null>`(select i.url from product_images i where i.product_id = products.id order by i.position, i.id limit 1)`,
    })
    .from(products)
    .where(filtered)
    .orderBy(asc(products.name), asc(products.id))
    .limit(q.rows)
    .offset((q.page - 1) * q.rows);
  const ids = rows.map((r) => r.id);
  const catRows = ids.length
    ? await db
        .select({ productId: productCategories.productId, name: categories.name, slug: categories.slug })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, ids))
        .orderBy(asc(productCategories.position), asc(categories.name))
    : [];
  const counts: Record<string, number> = Object.fromEntries(PRODUCT_STATES.map((s) => [s, 0]));
  for (const c of countRows) counts[c.state] = Number(c.n);
  return {
    items: rows.map((r) => {
      const cats = catRows.filter((c) => c.productId === r.id);
      return {
        id: r.id,
        sku: r.sku,
        name: r.name,
        slug: r.slug,
        price: fromCents(r.priceCents),
        discount: r.discountCents === null ? null : fromCents(r.discountCents),
        state: r.state,
        isVisible: r.isVisible,
        isVariable: r.isVariable,
        variationCount: r.variationCount,
        offerCount: r.offerCount,
        image: r.image,
        categories: cats.map((c) => c.name),
        categorySlug: cats[0]?.slug ?? null,
        updatedAt: r.updatedAt.toISOString(),
      };
    }),
    total,
    page: q.page,
    rows: q.rows,
    totalPages,
    counts,
    categories: await allCategories(db),
  };
}

/**
 * Applies a validated patch in ONE transaction (row locked, so two editors cannot interleave their
 * tiers or categories). Returns the category slugs the product had before (their lists change too).
 */
async function applyPatch(db: Db, id: number, patch: ProductPatchBody): Promise<{ previousCategorySlugs: string[] } | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [p] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!p) return null;
    const isVariation = p.parentId !== null;
    if (isVariation && (patch.offers !== undefined || patch.categoryIds !== undefined)) throw HttpError.badRequest(MESSAGES.offersOnVariation);

    const priceCents = patch.price === undefined ? p.priceCents : toCents(patch.price);
    const discountCents = patch.discount === undefined ? p.discountCents : patch.discount === null ? null : toCents(patch.discount);
    checkDiscount(priceCents, discountCents);
    const min = patch.min ?? p.min;
    const max = patch.max ?? p.max;
    const steps = patch.steps ?? p.steps;
    if (patch.min !== undefined || patch.max !== undefined || patch.steps !== undefined) checkQuantities(min, max, steps);

    const previous = await categoriesOf(tx, id);
    await tx
      .update(products)
      .set({ priceCents, discountCents, min, max, steps, ...(patch.state ? { state: patch.state } : {}), updatedAt: new Date() })
      .where(eq(products.id, id));

    if (patch.offers !== undefined) {
      await tx.delete(offers).where(eq(offers.productId, id));
      if (patch.offers.length) {
        await tx.insert(offers).values(
          patch.offers.map((o) => ({ productId: id, name: o.name, units: o.units, priceCents: toCents(o.price), isVip: o.isVip, isStrict: o.isStrict })),
        );
      }
    }
    if (patch.categoryIds !== undefined) {
      await tx.delete(productCategories).where(eq(productCategories.productId, id));
      await setCategories(tx, id, patch.categoryIds);
    }
    return { previousCategorySlugs: previous.map((c) => c.slug) };
  });
}

function checkDiscount(priceCents: number, discountCents: number | null) {
  if (discountCents !== null && discountCents >= priceCents) throw HttpError.badRequest(MESSAGES.productDiscountNotBelowPrice);
}

function checkQuantities(min: number, max: number, steps: number) {
  if (max > 0 && max < min) throw HttpError.badRequest(MESSAGES.productMaxBelowMin);
  const step = Math.max(1, steps);
  if (max > 0 && Math.ceil(Math.max(min, 1) / step) * step > max) throw HttpError.badRequest(MESSAGES.productStepsDoNotFit);
}

/** Links a product (with no categories yet) to these categories, in order; an unknown id refuses the lot. */
async function setCategories(tx: Tx, productId: number, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted));
  if (found.length !== wanted.length) throw HttpError.badRequest(MESSAGES.categoryUnknown);
  await tx.insert(productCategories).values(wanted.map((categoryId, position) => ({ productId, categoryId, position })));
}

/** Slugs and SKUs of this list that some product already has. */
async function takenKeys(tx: Tx, slugs: readonly string[], skus: readonly string[]) {
  const rows = await tx
    .select({ slug: products.slug, sku: products.sku })
    .from(products)
    .where(sql`${products.slug} in ${slugs.length ? slugs : ['']} or lower(${products.sku}) in ${skus.length ? skus.map((k) => k.toLowerCase()) : ['']}`);
  const slugSet = new Set(slugs);
  const skuSet = new Set(skus.map((k) => k.toLowerCase()));
  return { slug: rows.some((r) => slugSet.has(r.slug)), sku: rows.some((r) => skuSet.has(r.sku.toLowerCase())) };
}

const variationSlug = (parentSlug: string, name: string) => `${parentSlug}-${slugify(name)}`;
const variationSku = (parentSku: string, index: number) => `${parentSku}-${String(index + 1).padStart(2, '0')}`;

/**
 * Creates a product (and its variations, tiers and categories) in ONE transaction. A taken slug or SKU is
 * refused with 409 before anything is written; a unique violation from a concurrent create rolls it all back.
 */
async function createProduct(db: Db, b: ProductCreateBody): Promise<number> {
  const slug = b.slug ?? slugify(b.name);
  if (!SLUG_RE.test(slug)) throw HttpError.badRequest(MESSAGES.productSlugInvalid);
  const priceCents = toCents(b.price);
  const discountCents = b.discount == null ? null : toCents(b.discount);
  checkDiscount(priceCents, discountCents);
  checkQuantities(b.min, b.max, b.steps);
  for (const v of b.variations) checkDiscount(toCents(v.price), v.discount == null ? null : toCents(v.discount));

  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const variationSlugs = b.variations.map((v) => variationSlug(slug, v.name));
    const givenSkus = [b.sku, ...b.variations.map((v) => v.sku)].filter((k): k is string => !!k);
    if (new Set(givenSkus.map((k) => k.toLowerCase())).size !== givenSkus.length) throw HttpError.conflict(MESSAGES.productSkuTaken);
    const taken = await takenKeys(tx, [slug, ...variationSlugs], givenSkus);
    if (taken.slug) throw HttpError.conflict(MESSAGES.productSlugTaken);
    if (taken.sku) throw HttpError.conflict(MESSAGES.productSkuTaken);

    let variableId: number | null = null;
    if (b.variable) {
      await tx.insert(variables).values({ name: b.variable }).onConflictDoNothing();
      const [v] = await tx.select({ id: variables.id }).from(variables).where(eq(variables.name, b.variable)).limit(1);
      variableId = v!.id;
    }
    const visibleVariationNames = b.variations.filter((v) => v.state !== 'hidden').map((v) => v.name);
    const [row] = await tx
      .insert(products)
      .values({
        // a placeholder until the id is known (P-00042); unique by construction, replaced below
        sku: b.sku ?? `tmp-${randomUUID()}`,
        name: b.name,
        slug,
        description: b.description,
        isVariable: b.variations.length > 0,
        isAvailable: b.state !== 'noStock',
        state: b.state,
        variableId,
        priceCents,
        discountCents,
        min: b.min,
        max: b.max,
        steps: b.steps,
        ...productSearchColumns({ name: b.name, sku: b.sku ?? '', description: b.description, extra: visibleVariationNames }),
      })
      .returning({ id: products.id });
    const id = row!.id;
    let sku = b.sku;
    if (!sku) {
      sku = await freeSku(tx, `P-${String(id).padStart(5, '0')}`);
      await tx
        .update(products)
        .set({ sku, ...productSearchColumns({ name: b.name, sku, description: b.description, extra: visibleVariationNames }) })
        .where(eq(products.id, id));
    }
    if (b.variations.length) {
      const parentSku = sku;
      const generated = b.variations.map((v, i) => v.sku ?? variationSku(parentSku, i));
      if ((await takenKeys(tx, [], generated.filter((_, i) => !b.variations[i]!.sku))).sku) throw HttpError.conflict(MESSAGES.productSkuTaken);
      await tx.insert(products).values(
        b.variations.map((v, i) => ({
          sku: generated[i]!,
          name: v.name,
          slug: variationSlugs[i]!,
          isVariation: true,
          parentId: id,
          variableId,
          isAvailable: v.state !== 'noStock',
          state: v.state,
          priceCents: toCents(v.price),
          discountCents: v.discount == null ? null : toCents(v.discount),
          min: b.min,
          max: b.max,
          steps: b.steps,
          ...productSearchColumns({ name: `${b.name} ${v.name}`, sku: generated[i]! }),
        })),
      );
    }
    if (b.offers.length) {
      await tx.insert(offers).values(b.offers.map((o) => ({ productId: id, name: o.name, units: o.units, priceCents: toCents(o.price), isVip: o.isVip, isStrict: o.isStrict })));
    }
    await setCategories(tx, id, b.categoryIds);
    return id;
  });
}

function omit<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Omit<T, K> {
  const out = { ...row };
  for (const k of keys) delete out[k];
  return out;
}

/** `base`, else `base-2`, `base-3`… : the first SKU no product has. */
async function freeSku(tx: Tx, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await takenKeys(tx, [], [candidate])).sku) return candidate;
  }
}

/**
 * Copies a top-level product with its variations, tiers, categories and image references (the files are
 * shared: an image is removed from storage only when no row shows it any more). The copy is hidden, named
 * "… (copia)", with the first free slug `<slug>-copia[-n]` and SKU `<sku>-C[n]`. One transaction.
 */
async function duplicateProduct(db: Db, id: number): Promise<number | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [p] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!p) return null;
    if (p.parentId !== null) throw HttpError.badRequest(MESSAGES.productDuplicateVariation);
    const vars = await tx.select().from(products).where(eq(products.parentId, id)).orderBy(asc(products.id));
    let slug = '';
    let sku = '';
    let varKeys: { slug: string; sku: string }[] = [];
    for (let n = 1; ; n++) {
      slug = n === 1 ? `${p.slug}-copia` : `${p.slug}-copia-${n}`;
      sku = n === 1 ? `${p.sku}-C` : `${p.sku}-C${n}`;
      const s = slug;
      const k = sku;
      varKeys = vars.map((v, i) => ({
        slug: v.slug.startsWith(`${p.slug}-`) ? `${s}${v.slug.slice(p.slug.length)}` : variationSlug(s, v.name),
        sku: v.sku.startsWith(p.sku) ? `${k}${v.sku.slice(p.sku.length)}` : variationSku(k, i),
      }));
      const taken = await takenKeys(tx, [slug, ...varKeys.map((v) => v.slug)], [sku, ...varKeys.map((v) => v.sku)]);
      if (!taken.slug && !taken.sku) break;
    }
    const name = `${p.name} (copia)`;
    // generated columns and the row's own history are not copied
    const copyOf = (r: typeof p) => omit(r, ['id', 'skuKey', 'searchVector', 'createdAt', 'updatedAt', 'score', 'sales']);
    const [row] = await tx
      .insert(products)
      .values({
        ...copyOf(p),
        name,
        slug,
        sku,
        // hidden by its state (the editor's switch publishes it), never archived: a copy of an archived product too
        state: 'hidden',
        isVisible: true,
        isOutstanding: false,
        ...productSearchColumns({ name, sku, brand: p.brand, description: p.description, extra: vars.filter((v) => v.state !== 'hidden' && v.isVisible).map((v) => v.name) }),
      })
      .returning({ id: products.id });
    const newId = row!.id;
    if (vars.length) {
      await tx.insert(products).values(
        vars.map((v, i) => ({ ...copyOf(v), parentId: newId, slug: varKeys[i]!.slug, sku: varKeys[i]!.sku, ...productSearchColumns({ name: `${name} ${v.name}`, sku: varKeys[i]!.sku }) })),
      );
    }
    const [offs, cats, imgs] = await Promise.all([
      tx.select().from(offers).where(eq(offers.productId, id)),
      tx.select().from(productCategories).where(eq(productCategories.productId, id)),
      tx.select().from(productImages).where(eq(productImages.productId, id)),
    ]);
    if (offs.length) await tx.insert(offers).values(offs.map((o) => ({ ...omit(o, ['id']), productId: newId })));
    if (cats.length) await tx.insert(productCategories).values(cats.map((c) => ({ ...c, productId: newId })));
    if (imgs.length) await tx.insert(productImages).values(imgs.map((im) => ({ ...omit(im, ['id']), productId: newId })));
    return newId;
  });
}

/* ------------------------------------------------------------- images */

/** Names of files this module writes: p<product id>-<16 hex of the content hash>.webp */
const UPLOADED_NAME = /^p[1-9][0-9]{0,9}-[0-9a-f]{16}\.webp$/;

/**
 * Decodes (content sniffed by readUpload; sharp must also be able to decode it), auto-rotates by EXIF,
 * strips metadata, fits inside IMAGE_MAX_SIDE and encodes WebP. Undecodable → 400.
 */
export async function toWebp(data: Buffer): Promise<Buffer> {
  try {
    return await sharp(data, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 3 })
      .toBuffer();
  } catch {
    throw HttpError.badRequest(MESSAGES.imageSave);
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['personal'];
  const security = [{ bearerAuth: [] }];
  const guard = app.requirePermission('products:write');

  /** A rule of ours failed during body validation: answer with its Spanish message, else the generic one. */
  const catalogueMessages = new Set<string>(Object.values(MESSAGES));
  const rejectInvalid = (err: unknown): never => {
    const issues = (err as { validation?: { message?: string }[] }).validation ?? [];
    const specific = issues.map((i) => i.message).find((m): m is string => typeof m === 'string' && catalogueMessages.has(m));
    throw HttpError.badRequest(specific ?? MESSAGES.badParams);
  };

  const announce = (change: CatalogueChange) => catalogueChanged(app, change);
  /** After a committed write: announce it (catalogue cache, storefront) and answer the product. */
  const saved = async (id: number, extraCategorySlugs: string[] = [], visibilityChanged = false) => {
    await announce({ kind: 'product', productId: id, extraCategorySlugs, visibilityChanged });
    const data = await productDetail(app.db, id);
    if (!data) throw HttpError.notFound(MESSAGES.productNotFound);
    return { success: true as const, message: MESSAGES.saved, data };
  };

  const removeIfOrphan = async (url: string) => {
    const name = path.posix.basename(url);
    if (!url.startsWith('/uploads/products/') || !UPLOADED_NAME.test(name)) return; // seed files are shared
    const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(productImages).where(eq(productImages.url, url));
    if (Number(n) === 0) await app.blobs.remove(`uploads/products/${name}`);
  };

  app.get(
    '/products',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Productos para el personal (incluye ocultos): búsqueda por nombre, SKU o id, filtro por estado y categoría, paginado',
        security,
        querystring: listQuery,
        response: { 200: envelope(listSchema), ...authErrors },
      },
    },
    async (req) => ({ success: true as const, data: await listProducts(app.db, req.query) }),
  );

  app.get(
    '/products/:id',
    {
      preHandler: guard,
      schema: { tags, summary: 'Un producto con variantes, ofertas, imágenes y categorías', security, params: idParams, response: { 200: envelope(detailSchema), ...authErrors } },
    },
    async (req) => {
      const data = await productDetail(app.db, req.params.id);
      if (!data) throw HttpError.notFound(MESSAGES.productNotFound);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/products/:id',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: guard,
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Editar precio, descuento (precio rebajado; null lo quita), estado, mínimo / máximo / paso, ofertas (reemplaza la lista) y categorías (la primera es la principal); revalida la tienda',
        security,
        params: idParams,
        body: productPatchBody,
        response: { 200: envelope(detailSchema), ...authErrors },
      },
    },
    async (req) => {
      if (req.validationError) rejectInvalid(req.validationError);
      const result = await applyPatch(app.db, req.params.id, req.body);
      if (!result) throw HttpError.notFound(MESSAGES.productNotFound);
      return saved(req.params.id, result.previousCategorySlugs);
    },
  );


  app.post(
    '/products',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: guard,
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Crear un producto: nombre (la dirección sale del nombre y no puede estar tomada), descripción, precio, estado, mínimo / máximo / paso, ofertas, categorías; variable con `variable` y sus `variations`',
        security,
        body: productCreateBody,
        response: { 201: envelope(detailSchema), ...authErrors },
      },
    },
    async (req, reply) => {
      if (req.validationError) rejectInvalid(req.validationError);
      const id = await createProduct(app.db, req.body);
      return reply.code(201).send(await saved(id, [], true));
    },
  );

  app.post(
    '/products/:id/duplicate',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Duplicar un producto (con variantes, ofertas, categorías e imágenes): la copia queda oculta, «(copia)», con dirección y SKU nuevos',
        security,
        params: idParams,
        response: { 201: envelope(detailSchema), ...authErrors },
      },
    },
    async (req, reply) => {
      const id = await duplicateProduct(app.db, req.params.id);
      if (id === null) throw HttpError.notFound(MESSAGES.productNotFound);
      return reply.code(201).send(await saved(id));
    },
  );

  app.post(
    '/products/:id/archive',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: guard,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Archivar (archived: true) o volver a publicar un producto: archivado no se ve en la tienda ni en la búsqueda, y los pedidos lo conservan',
        security,
        params: idParams,
        body: z.object({ archived: z.boolean() }).strict(),
        response: { 200: envelope(detailSchema), ...authErrors },
      },
    },
    async (req) => {
      if (req.validationError) rejectInvalid(req.validationError);
      const rows = await app.db
        .update(products)
        .set({ isVisible: !req.body.archived, updatedAt: new Date() })
        .where(eq(products.id, req.params.id))
        .returning({ id: products.id });
      if (!rows.length) throw HttpError.notFound(MESSAGES.productNotFound);
      return saved(req.params.id, [], true);
    },
  );

  app.delete(
    '/products/:id',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Borrar un producto que nunca se pidió (con sus variantes); si figura en algún pedido responde 409: se archiva',
        security,
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...authErrors },
      },
    },
    async (req) => {
      const id = req.params.id;
      const gone = await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Tx;
        const [p] = await tx.select({ id: products.id, parentId: products.parentId, slug: products.slug }).from(products).where(eq(products.id, id)).for('update');
        if (!p) return null;
        const family = await tx.select({ id: products.id, slug: products.slug }).from(products).where(sql`${products.id} = ${id} or ${products.parentId} = ${id}`);
        const ids = family.map((f) => f.id);
        // an order line keeps the product's id: what was ordered is never deleted, only archived
        const [ordered] = await tx.select({ id: orderItems.id }).from(orderItems).where(inArray(orderItems.productId, ids)).limit(1);
        if (ordered) throw HttpError.conflict(MESSAGES.productOrdered);
        const ownerId = p.parentId ?? p.id;
        const cats = await categoriesOf(tx, ownerId);
        const parentSlugs = p.parentId ? await tx.select({ slug: products.slug }).from(products).where(eq(products.id, p.parentId)) : [];
        const images = await tx.select({ url: productImages.url }).from(productImages).where(inArray(productImages.productId, ids));
        await tx.delete(products).where(eq(products.id, id));
        if (p.parentId) await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, p.parentId));
        return { parentId: p.parentId, slugs: [...family.map((f) => f.slug), ...parentSlugs.map((r) => r.slug)], categorySlugs: cats.map((c) => c.slug), urls: images.map((i) => i.url) };
      });
      if (!gone) throw HttpError.notFound(MESSAGES.productNotFound);
      for (const url of new Set(gone.urls)) await removeIfOrphan(url);
      await announce({ kind: 'productRemoved', productId: id, slugs: gone.slugs, categorySlugs: gone.categorySlugs });
      if (gone.parentId) await announce({ kind: 'product', productId: gone.parentId });
      return { success: true as const, message: MESSAGES.saved };
    },
  );

  app.post(
    '/products/:id/images',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: guard,
      schema: {
        tags,
        summary: `Subir una imagen (multipart, JPG / PNG / WEBP de hasta 10 MB); se guarda como WebP de hasta ${IMAGE_MAX_SIDE} px`,
        consumes: ['multipart/form-data'],
        security,
        params: idParams,
        response: { 201: envelope(detailSchema), 413: errorSchema.describe('El archivo pesa mas de 10 MB'), ...authErrors },
      },
    },
    async (req, reply) => {
      const id = req.params.id;
      const [p] = await app.db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
      if (!p) throw HttpError.notFound(MESSAGES.productNotFound);
      // the client's file name is never used: the stored name comes from the product id and the content
      const file = await readUpload(req, { allowed: ['image/jpeg', 'image/png', 'image/webp'], typeMessage: MESSAGES.imageType });
      const webp = await toWebp(file.data);
      const name = `p${id}-${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
      const url = `/uploads/products/${name}`;
      await app.blobs.save({ key: `uploads/products/${name}`, data: webp, contentType: 'image/webp', visibility: 'public', ownerId: req.user!.id });
      try {
        await app.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Tx;
          await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
          const [{ n, top } = { n: 0, top: -1 }] = await tx
            .select({ n: count(), top: sql<number>`coalesce(max(${productImages.position}), -1)`.mapWith(Number) })
            .from(productImages)
            .where(eq(productImages.productId, id));
          if (Number(n) >= MAX_IMAGES) throw HttpError.badRequest(MESSAGES.imageTooMany);
          await tx.insert(productImages).values({ productId: id, url, position: top + 1 });
          await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
        });
      } catch (err) {
        await removeIfOrphan(url);
        throw err;
      }
      return reply.code(201).send(await saved(id));
    },
  );

  app.put(
    '/products/:id/images/order',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: guard,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Reordenar las imágenes (todas sus ids, en el orden nuevo; la primera es la principal)',
        security,
        params: idParams,
        body: z.object({ ids: z.array(z.number().int().min(1)).min(1).max(MAX_IMAGES * 2) }).strict(),
        response: { 200: envelope(detailSchema), ...authErrors },
      },
    },
    async (req) => {
      if (req.validationError) rejectInvalid(req.validationError);
      const id = req.params.id;
      const ok = await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Tx;
        const locked = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
        if (locked.length === 0) return false;
        const current = await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, id));
        const have = new Set(current.map((r) => r.id));
        const ids = req.body.ids;
        if (ids.length !== have.size || new Set(ids).size !== ids.length || !ids.every((x) => have.has(x))) {
          throw HttpError.badRequest(MESSAGES.imageOrderMismatch);
        }
        for (const [position, imageId] of ids.entries()) {
          await tx.update(productImages).set({ position }).where(and(eq(productImages.id, imageId), eq(productImages.productId, id)));
        }
        await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
        return true;
      });
      if (!ok) throw HttpError.notFound(MESSAGES.productNotFound);
      return saved(id);
    },
  );

  app.delete(
    '/products/:id/images/:imageId',
    {
      config: { invalidates: ['products', 'categories'] },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Quitar una imagen del producto',
        security,
        params: z.object({ id: intString(), imageId: intString() }),
        response: { 200: envelope(detailSchema), ...authErrors },
      },
    },
    async (req) => {
      const { id, imageId } = req.params;
      const removed = await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Tx;
        const [row] = await tx
          .delete(productImages)
          .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)))
          .returning({ url: productImages.url });
        if (!row) return null;
        // keep positions dense (0..n-1) so "first image" stays well defined
        const rest = await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position), asc(productImages.id));
        for (const [position, r] of rest.entries()) await tx.update(productImages).set({ position }).where(eq(productImages.id, r.id));
        await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
        return row;
      });
      if (!removed) throw HttpError.notFound();
      await removeIfOrphan(removed.url);
      return saved(id);
    },
  );
};

export default routes;
