/**
 * Server-side pricing of order lines: reads prices, states, quantity rules and tiers from the DATABASE
 * and prices with lib/pricing (the same engine as the cart). Nothing a client sends is a price.
 *
 * Line rules (400 with a Spanish message naming the product):
 * - unknown id → 'No se encontró el producto (id N)';
 * - hidden (own state, not visible, or a hidden / invisible parent) → '… no está disponible';
 * - noStock (own or the parent's) → '… no tiene stock';
 * - a variable parent (it has variations: order one of them) → 'Elegí una variante de …';
 * - a quantity that is not a multiple of the step within min..max (lib/cart/quantity, the rules of the
 *   quantity selector; the product's own min/max/steps, spec §9 defaults) → 'La cantidad de … no es válida…'.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isValidQuantity, normalizeBounds } from '../../lib/cart/quantity';
import { priceCart, type PricedCart, type PricingLine, type Tier } from '../../lib/pricing';
import type { Db } from '../db/client';
import { offers, permissions, rolePermissions, users } from '../db/schema';
import { VIP_PERMISSION } from '../auth/users';
import { HttpError } from '../errors';
import { ORDER_MESSAGES as M } from './orders-messages';
import { availability, rowLabel, type CatalogueLine } from './catalogue-lines';

/** Throws the 400 of the first rule a line breaks (see the module comment). */
export function assertOrderable(row: CatalogueLine | undefined, id: number, quantity: number): asserts row is CatalogueLine {
  if (!row) throw HttpError.badRequest(M.productNotFound(id), 'PRODUCT_NOT_FOUND');
  const label = rowLabel(row);
  const verdict = availability(row);
  if (verdict === 'hidden') throw HttpError.badRequest(M.productUnavailable(label), 'PRODUCT_UNAVAILABLE');
  if (verdict === 'noStock') throw HttpError.badRequest(M.productNoStock(label), 'PRODUCT_NO_STOCK');
  if (verdict === 'variable') throw HttpError.badRequest(M.productIsVariable(row.name), 'PRODUCT_IS_VARIABLE');
  const bounds = normalizeBounds({ min: row.min, max: row.max, steps: row.steps });
  if (quantity <= 0 || !isValidQuantity(quantity, bounds)) throw HttpError.badRequest(M.quantityInvalid(label, bounds), 'QUANTITY_INVALID');
}

/** Tiers (offers) of each parent, in centavos, keyed by parent id. */
export async function loadTiers(db: Db, parentIds: readonly number[]): Promise<Map<number, Tier[]>> {
  const out = new Map<number, Tier[]>();
  const ids = [...new Set(parentIds)];
  if (!ids.length) return out;
  const rows = await db
    .select({
      id: offers.id,
      productId: offers.productId,
      name: offers.name,
      units: offers.units,
      price: offers.priceCents,
      isVip: offers.isVip,
      isStrict: offers.isStrict,
    })
    .from(offers)
    .where(inArray(offers.productId, ids));
  for (const r of rows) {
    const list = out.get(r.productId) ?? [];
    list.push({ id: r.id, name: r.name, units: r.units, price: r.price, isVip: r.isVip, isStrict: r.isStrict });
    out.set(r.productId, list);
  }
  return out;
}

/** A line of an order being priced (existing items and new ones alike). */
export interface DraftLine {
  /** existing order_items.id, or undefined for a new line */
  itemId?: number;
  productId: number | null;
  /** tier group (parent or own id); lines of a deleted product keep their stored group */
  parentId: number;
  quantity: number;
  requestedQuantity: number;
  /** list price for the engine (centavos) */
  priceCents: number;
  discountCents: number | null;
  name: string;
  variationName: string | null;
  sku: string | null;
  missing: boolean;
  /** staff-set unit price that repricing keeps */
  priceAdjusted: boolean;
  /** the current unit price (kept for missing / adjusted lines) */
  unitPriceCents: number;
}

/**
 * Prices draft lines with lib/pricing: lines that are not missing form the tier groups (their units
 * sum per parent); adjusted and missing lines keep their unit price. Returns the lines with
 * `unitPriceCents` set and the engine's result for the priced ones.
 */
export function priceDraftLines(
  lines: readonly DraftLine[],
  tiers: ReadonlyMap<number, readonly Tier[]>,
  isVip: boolean,
): { lines: DraftLine[]; cart: PricedCart } {
  const priced = lines.map((l) => ({ ...l }));
  const engineLines: PricingLine[] = [];
  const idx: number[] = [];
  priced.forEach((l, i) => {
    if (l.missing) return;
    engineLines.push({ id: i, parentId: l.parentId, units: l.quantity, price: l.priceCents, discount: l.discountCents });
    idx.push(i);
  });
  const cart = priceCart(engineLines, tiers, { isVip });
  cart.lines.forEach((pl, k) => {
    const line = priced[idx[k]!]!;
    if (!line.priceAdjusted) line.unitPriceCents = pl.unitPrice;
  });
  return { lines: priced, cart };
}

/** Whether a customer gets VIP tiers (their role holds the isVip permission): for pricing their order when staff act on it. */
export async function customerIsVip(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ name: permissions.name })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(users.id, userId), eq(permissions.name, VIP_PERMISSION)))
    .limit(1);
  return rows.length > 0;
}

export { itemGroup } from '../../lib/orders/budget-pricing';
