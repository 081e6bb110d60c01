/**
 * The signed-in customer's saved cart (issue 23 §4): ids and units in `carts`/`cart_lines`, priced again on
 * every read with lib/pricing at the customer's tiers (never a stored or sent price).
 *
 * A write (`writeCart`) takes the cart row's lock first (INSERT … ON CONFLICT DO UPDATE version + 1), so two
 * devices' writes run one after the other; each applies its per-line changes to what the other left
 * (lib/cart/merge `resolveUnits`): no line is lost, the last write per line wins. A device whose base version
 * was not the latest gets `stale: true` and the merged cart.
 *
 * Lines are judged as orders judge them (services/catalogue-lines `availability`, the same reader): an unknown
 * product or a variable parent is never stored; a hidden or out-of-stock product cannot come in (a line saved
 * before it was hidden stays, flagged, until removed); units are snapped to min/max/steps.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { normalizeBounds } from '../../lib/cart/quantity';
import { resolveUnits } from '../../lib/cart/merge';
import { CART_MAX_LINES, type CartWrite, type SavedCart, type SavedCartLine } from '../../lib/contracts/cart';
import { fromCents } from '../../lib/money';
import { priceCart, type PricingLine } from '../../lib/pricing';
import { transaction, type Db } from '../db/client';
import { cartLines, carts } from '../db/schema';
import { loadTiers } from './orders-pricing';
import { availability, cartProducts, groupOf, rowsByIds, type CatalogueLine } from './catalogue-lines';

interface CartUser {
  id: number;
  isVip: boolean;
}

type Report = Pick<SavedCart, 'rejected' | 'adjusted'> & { stale: boolean };

async function savedLines(db: Db, userId: number) {
  return db
    .select({ id: cartLines.productId, units: cartLines.units, position: cartLines.position })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.position), asc(cartLines.productId));
}

function lineState(row: CatalogueLine): SavedCartLine['state'] {
  const a = availability(row);
  if (a === 'hidden' || a === 'variable') return 'hidden';
  if (a === 'noStock') return 'noStock';
  return row.state === 'limited' || row.parentState === 'limited' ? 'limited' : 'active';
}

async function priced(db: Db, user: CartUser, version: number, report: Report): Promise<SavedCart> {
  const saved = await savedLines(db, user.id);
  const rows = await rowsByIds(
    db,
    saved.map((l) => l.id),
  );
  const orderable = saved.flatMap((l) => {
    const row = rows.get(l.id);
    return row && availability(row) === 'ok' ? [{ line: l, row }] : [];
  });
  const tiers = await loadTiers(
    db,
    orderable.map((o) => groupOf(o.row)),
  );
  const products = await cartProducts(
    db,
    orderable.map((o) => o.row),
    tiers,
  );
  const pricingLines: PricingLine[] = orderable.map(({ line, row }) => ({
    id: line.id,
    parentId: groupOf(row),
    units: line.units,
    price: row.priceCents,
    discount: row.discountCents,
  }));
  const cart = priceCart(pricingLines, tiers, { isVip: user.isVip });
  const pricedById = new Map(cart.lines.map((l) => [l.id, l]));
  const lines: SavedCartLine[] = saved.map((l) => {
    const row = rows.get(l.id)!; // the FK cascade removes a deleted product's lines
    const p = pricedById.get(l.id);
    // a hidden product's name and price stay private, as in api/products/lookup
    return {
      id: l.id,
      units: l.units,
      state: lineState(row),
      product: products.get(l.id) ?? null,
      unitPrice: p ? fromCents(p.unitPrice) : null,
      lineTotal: p ? fromCents(p.lineTotal) : null,
    };
  });
  return { version, lines, totalUnits: cart.totalUnits, total: fromCents(cart.totalCents), ...report };
}

/** The saved cart (an empty one at version 0 when the customer never saved one). */
export async function readCart(db: Db, user: CartUser): Promise<SavedCart> {
  const [row] = await db.select({ version: carts.version }).from(carts).where(eq(carts.userId, user.id)).limit(1);
  return priced(db, user, row?.version ?? 0, { stale: false, rejected: [], adjusted: [] });
}

/** Applies a device's lines (see the module comment) and answers the whole cart as it now stands. */
export async function writeCart(db: Db, user: CartUser, input: CartWrite): Promise<SavedCart> {
  return transaction(db, async (tx) => {
    // the lock: a second device's write waits here until this one commits
    const [cart] = await tx
      .insert(carts)
      .values({ userId: user.id, version: 1 })
      .onConflictDoUpdate({ target: carts.userId, set: { version: sql`${carts.version} + 1`, updatedAt: sql`now()` } })
      .returning({ version: carts.version });
    const version = cart!.version;
    const stale = input.baseVersion !== version - 1;

    const saved = await savedLines(tx, user.id);
    const savedUnits = new Map(saved.map((l) => [l.id, l.units]));
    let nextPosition = saved.reduce((max, l) => Math.max(max, l.position), 0) + 1;
    const rows = await rowsByIds(
      tx,
      input.lines.map((l) => l.id),
    );
    const rejected: SavedCart['rejected'] = [];
    const adjusted: SavedCart['adjusted'] = [];
    const upserts: { userId: number; productId: number; units: number; position: number }[] = [];
    const removals: number[] = [];
    let count = saved.length;

    for (const line of input.lines) {
      const row = rows.get(line.id);
      const held = savedUnits.get(line.id) ?? 0;
      if (!row) {
        if (line.units > 0) rejected.push({ id: line.id, reason: 'unknown' });
        continue;
      }
      const state = availability(row);
      if (state === 'variable') {
        rejected.push({ id: line.id, reason: 'variable' });
        continue;
      }
      const units = resolveUnits(input.mode, held, line.units, normalizeBounds(row));
      if (units === 0) {
        // signIn never removes; a removal is always allowed (a flagged line too)
        if (held > 0 && input.mode === 'changes') {
          removals.push(line.id);
          count--;
        }
        continue;
      }
      if (state !== 'ok') {
        // nothing new comes in for a product that cannot be ordered; a saved line stays as it was
        if (units !== held) rejected.push({ id: line.id, reason: state });
        continue;
      }
      const wanted = input.mode === 'signIn' ? Math.max(held, line.units) : line.units;
      if (units !== wanted) adjusted.push({ id: line.id, requested: wanted, units });
      if (units === held) continue;
      if (held === 0) {
        if (count >= CART_MAX_LINES) {
          rejected.push({ id: line.id, reason: 'full' });
          continue;
        }
        count++;
      }
      upserts.push({ userId: user.id, productId: line.id, units, position: nextPosition++ });
    }

    if (removals.length) await tx.delete(cartLines).where(and(eq(cartLines.userId, user.id), inArray(cartLines.productId, removals)));
    if (upserts.length) {
      await tx
        .insert(cartLines)
        .values(upserts)
        // an update keeps the line's place in the cart
        .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { units: sql`excluded.units`, updatedAt: sql`now()` } });
    }
    return priced(tx, user, version, { stale, rejected, adjusted });
  });
}
