/**
 * The cart reducer (spec §4 Cart). Pure: every action returns a new state with `pricing`
 * recomputed by lib/pricing, or the same state object when nothing changed.
 *
 * Items whose state is hidden or noStock stay in the cart, flagged (see `isBuyable`): they are
 * out of the tier sums and totals until a refresh makes them buyable again or the customer
 * removes them.
 */
import type { CartLookupItem, Offer } from '../contracts/catalogue';
import { priceCartFromWire, type PricedCart, type WirePricingLine } from '../pricing';
import { clamp, normalizeBounds } from './quantity';
import type { CartAction, CartItem, CartState } from './types';

/** Can this item be ordered now? */
export function isBuyable(item: CartItem): boolean {
  return item.state !== 'hidden' && item.state !== 'noStock';
}

function priceItems(items: readonly CartItem[], isVip: boolean): PricedCart {
  const lines: WirePricingLine[] = [];
  const offersByParent = new Map<number, Offer[]>();
  for (const item of items) {
    if (!isBuyable(item)) continue;
    lines.push({ id: item.id, parentId: item.fatherId, units: item.units, price: item.price, discount: item.discount });
    // Siblings share the parent's offers (kept in step by upsert/refresh); the first one stands.
    if (!offersByParent.has(item.fatherId)) offersByParent.set(item.fatherId, item.offers);
  }
  return priceCartFromWire(lines, offersByParent, { isVip });
}

function derive(items: readonly CartItem[], isVip: boolean, limited: boolean): CartState {
  const pricing = priceItems(items, isVip);
  return { items, isVip, limited: limited && pricing.totalUnits > 0, pricing };
}

export function createCartState(
  items: readonly CartItem[] = [],
  options: { isVip?: boolean; limited?: boolean } = {},
): CartState {
  return derive(items, options.isVip ?? false, options.limited ?? false);
}

/** Units made valid for the item's own min/max/steps; 0 means "remove". */
function validUnits(item: CartItem): number {
  return clamp(item.units, normalizeBounds(item));
}

function upsert(state: CartState, incoming: CartItem): CartState {
  const units = validUnits(incoming);
  if (units === 0) return remove(state, (item) => item.id === incoming.id);
  const next: CartItem = { ...incoming, units };
  const items = state.items.map((item) =>
    // The newest offers are the parent's: give them to the siblings too.
    item.fatherId === next.fatherId && item.id !== next.id && item.offers !== next.offers
      ? { ...item, offers: next.offers }
      : item,
  );
  const index = items.findIndex((item) => item.id === next.id);
  if (index >= 0 && items[index]!.fatherId === next.fatherId) {
    items[index] = next;
  } else {
    // A line stored under another parent (a stale saved cart) moves to its siblings: they stay together.
    if (index >= 0) items.splice(index, 1);
    const lastSibling = items.findLastIndex((item) => item.fatherId === next.fatherId);
    items.splice(lastSibling >= 0 ? lastSibling + 1 : items.length, 0, next);
  }
  return derive(items, state.isVip, state.limited || next.state === 'limited');
}

function remove(state: CartState, predicate: (item: CartItem) => boolean): CartState {
  const items = state.items.filter((item) => !predicate(item));
  return items.length === state.items.length ? state : derive(items, state.isVip, state.limited);
}

function refresh(state: CartState, requestedIds: readonly number[], found: readonly CartLookupItem[]): CartState {
  const fresh = new Map(found.map((entry) => [entry.id, entry]));
  const requested = new Set(requestedIds);
  let changed = false;
  const items = state.items.map((item): CartItem => {
    const entry = fresh.get(item.id);
    if (entry === undefined) {
      // Asked for and not returned: the product is gone. Flag it, keep it visible.
      if (!requested.has(item.id) || item.state === 'hidden') return item;
      changed = true;
      return { ...item, state: 'hidden' };
    }
    changed = true;
    // hidden: the API sends no name or price; keep the stored ones, flag the line
    if (entry.state === 'hidden') return { ...item, state: 'hidden' };
    const updated: CartItem = {
      ...item,
      cartName: entry.name,
      cartFatherName: entry.parentName ?? entry.name,
      price: entry.price,
      discount: entry.discount,
      offers: entry.Offers,
      state: entry.state,
      min: entry.min,
      max: entry.max,
      steps: entry.steps,
      image: entry.image ?? item.image,
    };
    // New limits may make the held units invalid (clamp keeps a held item at ≥ its lowest quantity).
    return { ...updated, units: validUnits(updated) };
  });
  return changed ? derive(items, state.isVip, state.limited) : state;
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'upsert':
      return upsert(state, action.item);
    case 'remove':
      return remove(state, (item) => item.id === action.id);
    case 'removeParent':
      return remove(state, (item) => item.fatherId === action.fatherId);
    case 'clear':
      return state.items.length === 0 ? state : derive([], state.isVip, false);
    case 'replace':
      return derive(action.items, state.isVip, action.limited);
    case 'refresh':
      return refresh(state, action.requestedIds, action.found);
    case 'setVip':
      return action.isVip === state.isVip ? state : derive(state.items, action.isVip, state.limited);
  }
}
