/**
 * The shop's own content as the storefront shows it: categories (with how many products each shows), the home
 * carousel, the footer tags and the order minimums.
 */
import { eq, sql } from 'drizzle-orm';
import type { CarouselImage, Category, Config, Tag } from '../../lib/contracts/catalogue';
import type { Db } from '../db/client';
import { carouselImages, categories, config, tags } from '../db/schema';

/** What the storefront and the back office show of every category. */
export const categoryCols = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  image: categories.image,
};

/** How many top-level products of the category the storefront shows (in a select from categories). */
export const visibleProductCount = () => sql<number>`(select count(*)::int from product_categories pc join products p on p.id = pc.product_id
        where pc.category_id = categories.id and p.parent_id is null and p.is_visible and p.state <> 'hidden')`;

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({ ...categoryCols, productCount: visibleProductCount() })
    .from(categories)
    .orderBy(categories.order, categories.id);
  return rows;
}

export async function listCarousel(db: Db): Promise<CarouselImage[]> {
  const rows = await db.select().from(carouselImages).orderBy(carouselImages.position, carouselImages.id);
  return rows.map((r) => ({ id: r.id, name: r.url, alt: r.alt, url: r.link, order: r.position }));
}

export async function listTags(db: Db): Promise<Tag[]> {
  const rows = await db.select().from(tags).orderBy(tags.position, tags.id);
  return rows.map((r) => ({ id: r.id, name: r.name, url: r.url }));
}

/** Defaults of spec §5/§9 apply when the row is missing (e.g. a database seeded without config). */
export async function getConfig(db: Db): Promise<Config> {
  const [row] = await db.select().from(config).where(eq(config.id, 1)).limit(1);
  return {
    minOrderPrice: (row?.minOrderPriceCents ?? 10_000_000) / 100,
    minLocalPrice: (row?.minLocalPriceCents ?? 5_000_000) / 100,
    maintaince: row?.maintaince ?? false,
  };
}
