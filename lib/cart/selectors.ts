/**
 * Read-only views of the cart state for the UI. Money in centavos (format with lib/money
 * `formatCents`); `cartTotal` is also given in pesos, as stored under the `cartTotal` key.
 */
import { fromCents, type Cents } from '../money';
import type { NextTierInfo, PricedLine, Tier } from '../pricing';
import { isBuyable } from './reducer';
import type { CartItem, CartState } from './types';

export interface CartLineView {
  item: CartItem;
  /** The priced line, or null for a flagged (hidden / noStock) item that is out of the totals. */
  priced: PricedLine | null;
}

export interface CartGroupView {
  fatherId: number;
  fatherName: string;
  /** In cart order; flagged items included (with `priced: null`). */
  lines: CartLineView[];
  /** Buyable units of the parent: what the tiers count. */
  totalUnits: number;
  totalCents: Cents;
  /** The applied tier, or null. */
  tier: Tier | null;
  /** "Agregá N unidades más para pagar $X c/u", or null. */
  nextTier: NextTierInfo<Tier> | null;
}

export interface CartTotals {
  /** Σ units of buyable items (the `cartQuantity` key). */
  cartQuantity: number;
  /** Σ units × tier-applied unit price of buyable items. */
  cartTotalCents: Cents;
  /** The same in pesos (the `cartTotal` key). */
  cartTotal: number;
  /** What the tiers saved against the items' regular prices. */
  savingsCents: Cents;
  /** Number of buyable lines (article count). */
  lineCount: number;
}

// Groups are rebuilt only when the state object changes (the reducer returns a new one per change).
// A one-entry memo, not a WeakMap: thousands of short-lived WeakMap keys pushed states into the
// old generation and cost multi-ms GC pauses in bench/cart/recompute.ts.
let memo: { state: CartState; groups: CartGroupView[] } | null = null;

/** The cart page: lines grouped by parent in order of first appearance, with tier and nudge. */
export function selectCartGroups(state: CartState): CartGroupView[] {
  if (memo !== null && memo.state === state) return memo.groups;
  const pricedGroups = new Map(state.pricing.groups.map((group) => [group.parentId, group]));
  const views = new Map<number, CartGroupView>();
  // pricing.lines follow the buyable items in cart order.
  let next = 0;
  for (const item of state.items) {
    const priced = isBuyable(item) ? state.pricing.lines[next++] : null;
    let view = views.get(item.fatherId);
    if (view === undefined) {
      const group = pricedGroups.get(item.fatherId);
      view = {
        fatherId: item.fatherId,
        fatherName: item.cartFatherName,
        lines: [],
        totalUnits: group?.totalUnits ?? 0,
        totalCents: group?.totalCents ?? 0,
        tier: group?.tier ?? null,
        nextTier: group?.nextTier ?? null,
      };
      views.set(item.fatherId, view);
    }
    view.lines.push({ item, priced });
  }
  const groups = [...views.values()];
  memo = { state, groups };
  return groups;
}

export function selectTotals(state: CartState): CartTotals {
  const { totalUnits, totalCents, savingsCents, lines } = state.pricing;
  return {
    cartQuantity: totalUnits,
    cartTotalCents: totalCents,
    cartTotal: fromCents(totalCents),
    savingsCents,
    lineCount: lines.length,
  };
}

/** Items no longer buyable (hidden or noStock), to show with a warning and a remove button. */
export function selectFlaggedItems(state: CartState): CartItem[] {
  return state.items.filter((item) => !isBuyable(item));
}

/** The units held for an id (0 when not in the cart): the quantity selector's starting value. */
export function selectUnits(state: CartState, id: number): number {
  return state.items.find((item) => item.id === id)?.units ?? 0;
}
