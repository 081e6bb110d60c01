/**
 * The budget editor's draft: per item units, unit price (pesos, as typed), missing; a bonus. Totals come
 * from lib/orders/totals (the same code the API uses), so the preview matches what will be stored.
 */
import { toCents } from '@/lib/money';
import { computeOrderTotals, type OrderTotals } from '@/lib/orders/totals';
import type { OrderItemWire } from '@/lib/orders/types';

export interface BudgetLineDraft {
  itemId: number;
  requestedQuantity: number;
  quantity: string;
  unitPrice: string;
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
      unitPrice: String(i.unitPrice),
      missing: i.missing,
    })),
    bonus: bonus ? String(bonus) : '0',
  };
}

/** A typed peso amount ("1234,5" or "1234.50") → pesos, or null when not a valid amount ≥ 0 with ≤ 2 decimals. */
export function parsePesos(raw: string): number | null {
  const s = raw.trim().replace(',', '.');
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(s)) return null;
  return Number(s);
}

export function parseUnits(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 100_000 ? n : null;
}

export type BudgetResult =
  | { ok: true; totals: OrderTotals; payload: { items: { itemId: number; quantity: number; unitPrice: number; missing: boolean }[]; bonus: number } }
  | { ok: false; problem: BudgetProblem; itemId?: number };

/** Validates the draft and computes the totals preview plus the POST …/budget body. */
export function evaluateBudget(draft: BudgetDraft, iibbMisiones: boolean): BudgetResult {
  const items: { itemId: number; quantity: number; unitPrice: number; missing: boolean }[] = [];
  for (const l of draft.lines) {
    const quantity = parseUnits(l.quantity);
    if (quantity === null) return { ok: false, problem: 'quantity', itemId: l.itemId };
    const unitPrice = parsePesos(l.unitPrice);
    if (unitPrice === null || unitPrice > 20_000_000) return { ok: false, problem: 'price', itemId: l.itemId };
    items.push({ itemId: l.itemId, quantity, unitPrice, missing: l.missing });
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
  return { ok: true, totals, payload: { items, bonus } };
}
