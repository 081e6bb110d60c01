/**
 * The budget editor's draft: per item units, unit price (pesos, as typed), missing; a bonus. Totals come
 * from lib/orders/totals (the same code the API uses), so the preview matches what will be stored.
 */
import { fromCents, toCents } from '@/lib/money';
import { itemGroup, resolveBudgetPrices } from '@/lib/orders/budget-pricing';
import { offerToTier, type Tier } from '@/lib/pricing';
import { formatAmountInput, parsePesosInput } from '@/lib/money/parse';
import { computeOrderTotals, type OrderTotals } from '@/lib/orders/totals';
import type { OrderDetail, OrderItemWire } from '@/lib/orders/types';

export interface BudgetLineDraft {
  itemId: number;
  requestedQuantity: number;
  quantity: string;
  unitPrice: string;
  /** the price as first shown: while the text is still this, the line follows the tiers (lib/orders/budget-pricing) */
  initialUnitPrice: string;
  missing: boolean;
}

export interface BudgetDraft {
  lines: BudgetLineDraft[];
  bonus: string;
}

type BudgetProblem = 'quantity' | 'price' | 'bonus' | 'bonusTooHigh';

export function draftFromItems(items: readonly OrderItemWire[], bonus = 0): BudgetDraft {
  return {
    lines: items.map((i) => ({
      itemId: i.id,
      requestedQuantity: i.requestedQuantity,
      quantity: String(i.quantity),
      unitPrice: formatAmountInput(i.unitPrice),
      initialUnitPrice: formatAmountInput(i.unitPrice),
      missing: i.missing,
    })),
    bonus: formatAmountInput(bonus),
  };
}

/** The largest bonus or configured minimum (the API's own bound on those columns). */
const MAX_AMOUNT = 90_000_000_000;

/** A typed peso amount as the shop writes it ("21.500", "1.234,5", "21,50") → pesos, or null (lib/money/parse). */
export const parsePesos = (raw: string): number | null => parsePesosInput(raw, MAX_AMOUNT);

export function parseUnits(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 100_000 ? n : null;
}

export type BudgetResult =
  | {
      ok: true;
      totals: OrderTotals;
      payload: { items: { itemId: number; quantity: number; unitPrice: number; missing: boolean }[]; bonus: number };
      /** the unit price each line will be stored with (centavos): the tiers' price where staff did not type one */
      unitPrices: ReadonlyMap<number, number>;
    }
  | { ok: false; problem: BudgetProblem; itemId?: number };

/** What the editor reprices with: the order's lines and the tiers of their groups (the staff order detail's `pricing`). */
export interface BudgetPricingContext {
  items: readonly OrderItemWire[];
  pricing: NonNullable<OrderDetail['pricing']>;
}

/** Whether staff typed a price on this line (otherwise it follows the tiers). */
export const priceTyped = (l: BudgetLineDraft) => l.unitPrice.trim() !== l.initialUnitPrice;

/**
 * Validates the draft and computes the totals preview plus the POST …/budget body. With a pricing context,
 * lines whose price staff did not type are priced by the tiers at their new units — the API's own rule.
 */
export function evaluateBudget(draft: BudgetDraft, iibbMisiones: boolean, context?: BudgetPricingContext): BudgetResult {
  const items: { itemId: number; quantity: number; unitPrice: number; missing: boolean }[] = [];
  for (const l of draft.lines) {
    const quantity = parseUnits(l.quantity);
    if (quantity === null) return { ok: false, problem: 'quantity', itemId: l.itemId };
    const unitPrice = parsePesos(l.unitPrice);
    if (unitPrice === null || unitPrice > 20_000_000) return { ok: false, problem: 'price', itemId: l.itemId };
    items.push({ itemId: l.itemId, quantity, unitPrice, missing: l.missing });
  }
  if (context) {
    const byId = new Map(context.items.map((i) => [i.id, i]));
    const tiers = new Map<number, Tier[]>(Object.entries(context.pricing.tiers).map(([group, offers]) => [Number(group), offers.map(offerToTier)]));
    const prices = resolveBudgetPrices(
      items.map((it, n) => {
        const wire = byId.get(it.itemId);
        const current = toCents(wire?.unitPrice ?? it.unitPrice);
        return {
          parentId: wire ? itemGroup(wire) : -it.itemId,
          quantity: it.quantity,
          missing: it.missing,
          listPriceCents: toCents(wire?.regularPrice ?? wire?.unitPrice ?? it.unitPrice),
          currentUnitCents: current,
          priceAdjusted: wire?.priceAdjusted ?? false,
          staffUnitCents: priceTyped(draft.lines[n]!) ? toCents(it.unitPrice) : current,
        };
      }),
      tiers,
      context.pricing.isVip,
    );
    items.forEach((it, n) => (it.unitPrice = fromCents(prices[n]!.unitPriceCents)));
  }
  const bonus = parsePesos(draft.bonus === '' ? '0' : draft.bonus);
  if (bonus === null) return { ok: false, problem: 'bonus' };
  const lines = items.map((i, n) => ({
    quantity: i.quantity,
    unitPriceCents: toCents(i.unitPrice),
    missing: i.missing,
    requestedQuantity: draft.lines[n]!.requestedQuantity,
  }));
  const subtotal = lines.filter((l) => !l.missing).reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  if (toCents(bonus) > subtotal) return { ok: false, problem: 'bonusTooHigh' };
  const totals = computeOrderTotals({ lines, bonusCents: toCents(bonus), iibbMisiones });
  return { ok: true, totals, payload: { items, bonus }, unitPrices: new Map(items.map((i) => [i.itemId, toCents(i.unitPrice)])) };
}
