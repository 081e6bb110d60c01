/**
 * The quick order pad (issue 23 §2): SKU + quantity lines (typed, pasted, or read from a CSV/XLSX file)
 * checked and priced for one customer (or a guest, at the guest's tiers). Saves nothing.
 *
 * - Duplicate SKUs (case-insensitive) are merged: their quantities are summed, their rows kept.
 * - Per line, the first problem found: unknown SKU, a variable parent (order one of its variations),
 *   hidden, no stock (services/catalogue-lines `availability`, the order rules), then the quantity
 *   against the product's min/max/steps (lib/cart/quantity `checkQuantity`, with the nearest valid
 *   quantities).
 * - The valid lines are priced together with lib/pricing (units summed per parent, as the cart will).
 */
import { checkQuantity, normalizeBounds } from '../../lib/cart/quantity';
import type { QuickOrderLine, QuickOrderRequest, QuickOrderResult } from '../../lib/contracts/wholesale';
import { fromCents } from '../../lib/money';
import { priceCart, type PricingLine } from '../../lib/pricing';
import { skuKey, type RejectedRow } from '../../lib/wholesale/lines';
import type { Db } from '../db/client';
import { loadTiers } from './orders-pricing';
import { availability, cartProducts, groupOf, rowLabel, rowsBySkus, type CatalogueLine } from './catalogue-lines';

export async function quickOrder(
  db: Db,
  input: QuickOrderRequest['lines'],
  options: { isVip: boolean; rejected?: RejectedRow[] },
): Promise<QuickOrderResult> {
  // merge duplicates, keeping the first spelling and every source row
  const merged = new Map<string, { sku: string; quantity: number; rows: number[] }>();
  input.forEach((line, i) => {
    const key = skuKey(line.sku);
    const entry = merged.get(key);
    const row = line.row ?? i + 1;
    if (entry) {
      entry.quantity += line.quantity;
      entry.rows.push(row);
    } else {
      merged.set(key, { sku: line.sku.trim(), quantity: line.quantity, rows: [row] });
    }
  });

  const found = await rowsBySkus(db, [...merged.keys()]);
  const lines: QuickOrderLine[] = [];
  const validRows: CatalogueLine[] = [];
  const validLines: QuickOrderLine[] = [];
  for (const [key, entry] of merged) {
    const row = found.get(key);
    const line: QuickOrderLine = {
      sku: entry.sku,
      quantity: entry.quantity,
      rows: entry.rows,
      problem: null,
      nearest: [],
      rule: null,
      name: null,
      unitPrice: null,
      lineTotal: null,
      product: null,
    };
    lines.push(line);
    if (!row) {
      line.problem = 'unknownSku';
      continue;
    }
    const state = availability(row);
    // a hidden product's name stays private, as in api/products/lookup
    if (state !== 'hidden') line.name = rowLabel(row);
    if (state !== 'ok') {
      line.problem = state;
      continue;
    }
    const bounds = normalizeBounds(row);
    line.rule = { lowest: bounds.lowest, highest: bounds.highest, step: bounds.step };
    const check = checkQuantity(entry.quantity, bounds);
    if (check.problem) {
      line.problem = check.problem;
      line.nearest = check.nearest;
      continue;
    }
    validRows.push(row);
    validLines.push(line);
  }

  const tiers = await loadTiers(db, validRows.map(groupOf));
  const products = await cartProducts(db, validRows, tiers);
  const pricingLines: PricingLine[] = validLines.map((l, i) => {
    const row = validRows[i]!;
    return { id: i, parentId: groupOf(row), units: l.quantity, price: row.priceCents, discount: row.discountCents };
  });
  const priced = priceCart(pricingLines, tiers, { isVip: options.isVip });
  validLines.forEach((line, i) => {
    const p = priced.lines[i]!;
    line.unitPrice = fromCents(p.unitPrice);
    line.lineTotal = fromCents(p.lineTotal);
    line.product = products.get(validRows[i]!.id) ?? null;
  });

  return {
    lines,
    rejected: options.rejected ?? [],
    validCount: validLines.length,
    errorCount: lines.length - validLines.length,
    total: fromCents(priced.totalCents),
  };
}
