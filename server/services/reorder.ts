/**
 * "Volver a pedir" (issue 23 §1): a preview of one of the customer's orders as it would be bought today.
 * Saves nothing. Per line: today's unit price at the customer's tier (lib/pricing, all addable lines priced
 * together as the cart will price them) beside the price paid then, the ordered quantity snapped to today's
 * min/max/steps (lib/cart/quantity `clamp`, the cart's own rule) with the reason, or why it cannot be added
 * (deleted, hidden, no stock, the variation is gone).
 */
import { asc, eq } from 'drizzle-orm';
import { clamp, normalizeBounds } from '../../lib/cart/quantity';
import type { ReorderLine, ReorderPreview } from '../../lib/contracts/wholesale';
import { fromCents } from '../../lib/money';
import { priceCart, type PricingLine } from '../../lib/pricing';
import type { Db } from '../db/client';
import { orderItems, orders } from '../db/schema';
import { loadTiers } from './orders-pricing';
import { availability, cartProducts, groupOf, rowsByIds, type CatalogueLine } from './catalogue-lines';

/** The preview, or null when the order does not exist or is not this customer's (the route answers 404). */
export async function reorderPreview(db: Db, orderId: number, user: { id: number; isVip: boolean }): Promise<ReorderPreview | null> {
  const [order] = await db.select({ id: orders.id, number: orders.number, userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || order.userId !== user.id) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const rows = await rowsByIds(
    db,
    items.flatMap((i) => (i.productId === null ? [] : [i.productId])),
  );

  const lines: ReorderLine[] = [];
  const addableRows: CatalogueLine[] = [];
  for (const item of items) {
    const ordered = item.requestedQuantity ?? item.quantity;
    const base = {
      itemId: item.id,
      name: item.name,
      variationName: item.variationName,
      sku: item.sku,
      orderedQuantity: ordered,
      paidUnitPrice: fromCents(item.unitPriceCents),
    };
    const row = item.productId === null ? undefined : rows.get(item.productId);
    // a variation line whose variation was deleted: the row is gone (cascade) or set null
    const gone = row === undefined ? (item.variationName !== null ? 'variationGone' : 'deleted') : null;
    const state = row === undefined ? null : availability(row);
    const skipReason = gone ?? (state === 'hidden' ? 'hidden' : state === 'noStock' ? 'noStock' : state === 'variable' ? 'variationGone' : null);
    if (skipReason !== null || row === undefined) {
      lines.push({ ...base, addable: false, skipReason: skipReason ?? 'deleted', quantity: 0, snapped: null, unitPrice: null, change: null, product: null });
      continue;
    }
    const bounds = normalizeBounds(row);
    const quantity = clamp(ordered, bounds);
    const snapped =
      quantity === ordered
        ? null
        : {
            reason: ordered < bounds.lowest ? ('min' as const) : ordered > bounds.highest ? ('max' as const) : ('step' as const),
            rule: { lowest: bounds.lowest, highest: bounds.highest, step: bounds.step },
          };
    addableRows.push(row);
    lines.push({ ...base, addable: true, skipReason: null, quantity, snapped, unitPrice: null, change: null, product: null });
  }

  const tiers = await loadTiers(db, addableRows.map(groupOf));
  const products = await cartProducts(db, addableRows, tiers);
  // Price the addable lines together (their units sum per parent, as in the cart).
  const addable = lines.filter((l) => l.addable);
  const pricingLines: PricingLine[] = addable.map((l, i) => {
    const row = addableRows[i]!;
    return { id: i, parentId: groupOf(row), units: l.quantity, price: row.priceCents, discount: row.discountCents };
  });
  const priced = priceCart(pricingLines, tiers, { isVip: user.isVip });
  addable.forEach((line, i) => {
    const cents = priced.lines[i]!.unitPrice;
    const paid = Math.round(line.paidUnitPrice * 100);
    line.unitPrice = fromCents(cents);
    line.change = cents > paid ? 'up' : cents < paid ? 'down' : 'same';
    line.product = products.get(addableRows[i]!.id) ?? null;
  });

  return {
    orderId: order.id,
    number: order.number,
    lines,
    addableCount: addable.length,
    skippedCount: lines.length - addable.length,
    total: fromCents(priced.totalCents),
  };
}
