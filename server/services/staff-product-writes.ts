/**
 * What the staff product tools write (routes/staff/products/): edit, create, duplicate, archive, delete.
 * Each in ONE transaction; the route announces the committed change (services/catalogue-changes.ts).
 * Reads: ./staff-products.ts; images: ./product-images.ts.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { toCents } from '../../lib/money';
import { transaction, type Db } from '../db/client';
import { categories, offers, orderItems, productCategories, productImages, products, variables } from '../db/schema';
import { HttpError, MESSAGES } from '../errors';
import { productSearchColumns, slugify } from '../lib/text';
import { SLUG_RE, type ProductCreateBody, type ProductPatchBody } from '../schemas/staff-products';
import { categoriesOf } from './staff-products';

/**
 * Applies a validated patch in ONE transaction (row locked, so two editors cannot interleave their
 * tiers or categories). Returns the category slugs the product had before (their lists change too).
 */
export async function applyPatch(db: Db, id: number, patch: ProductPatchBody): Promise<{ previousCategorySlugs: string[] } | null> {
  return transaction(db, async (tx) => {
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
async function setCategories(tx: Db, productId: number, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted));
  if (found.length !== wanted.length) throw HttpError.badRequest(MESSAGES.categoryUnknown);
  await tx.insert(productCategories).values(wanted.map((categoryId, position) => ({ productId, categoryId, position })));
}

/** Slugs and SKUs of this list that some product already has. */
async function takenKeys(tx: Db, slugs: readonly string[], skus: readonly string[]) {
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
export async function createProduct(db: Db, b: ProductCreateBody): Promise<number> {
  const slug = b.slug ?? slugify(b.name);
  if (!SLUG_RE.test(slug)) throw HttpError.badRequest(MESSAGES.productSlugInvalid);
  const priceCents = toCents(b.price);
  const discountCents = b.discount == null ? null : toCents(b.discount);
  checkDiscount(priceCents, discountCents);
  checkQuantities(b.min, b.max, b.steps);
  for (const v of b.variations) checkDiscount(toCents(v.price), v.discount == null ? null : toCents(v.discount));

  return transaction(db, async (tx) => {
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
async function freeSku(tx: Db, base: string): Promise<string> {
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
export async function duplicateProduct(db: Db, id: number): Promise<number | null> {
  return transaction(db, async (tx) => {
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

/** Archived (off the storefront and search, kept by orders) or published again; false when there is no such product. */
export async function archiveProduct(db: Db, id: number, archived: boolean): Promise<boolean> {
  const rows = await db.update(products).set({ isVisible: !archived, updatedAt: new Date() }).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

/**
 * Deletes a product never ordered, with its variations (409 when any was ordered: archive it instead).
 * Returns what it was, read before the delete (slugs, categories, image URLs), or null when there is none.
 */
export async function deleteProduct(db: Db, id: number) {
  return transaction(db, async (tx) => {
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
}
