/**
 * What the staff product tools read (routes/staff/products/): the paged list with counts per state, and
 * one product with its variations, tiers, images and categories. Writes: ./staff-product-writes.ts;
 * images: ./product-images.ts.
 */
import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fromCents } from '../../lib/money';
import type { Db } from '../db/client';
import { categories, offers, productCategories, productImages, products } from '../db/schema';
import { escapeLike, normalizeText, searchTokens } from '../lib/text';
import { PRODUCT_STATES, type ProductListQuery, type StaffProductDetail } from '../../lib/contracts/staff-products';

async function allCategories(db: Db) {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.order), asc(categories.name));
}

export async function categoriesOf(db: Db, productId: number) {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, productId))
    .orderBy(asc(productCategories.position), asc(categories.name));
}

/** The columns the list and a variation show of every product (lib/contracts/staff-products productFields). */
const productCols = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  priceCents: products.priceCents,
  discountCents: products.discountCents,
  state: products.state,
};

const variationCols = {
  ...productCols,
  min: products.min,
  max: products.max,
  steps: products.steps,
};

export async function productDetail(db: Db, id: number): Promise<StaffProductDetail | null> {
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

export async function listProducts(db: Db, q: ProductListQuery) {
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
      ...productCols,
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
