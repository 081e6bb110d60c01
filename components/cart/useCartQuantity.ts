'use client';

/**
 * The quantity selector's cart behaviour (spec §4 "Quantity selector"):
 * - a change reaches the cart after a 200 ms pause (QUANTITY_DEBOUNCE_MS; the last value wins);
 * - above zero → the item is added or updated, and a success toast says "{n} × {name} en el carrito";
 * - back to zero while the item is in the cart → it is removed, with the warning toast
 *   'se ha borrado el item'; zero for an item that was never in the cart does nothing, silently.
 *
 * `useCartQuantity(item)` serves one selector; `useCartBinding()` serves a list of them (the product
 * page's variation rows) with one timer per id. A change still waiting when the component unmounts
 * (the customer navigates away within 200 ms) is applied at once, not lost.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { QUANTITY_DEBOUNCE_MS, selectUnits, type CartItem } from '@/lib/cart';
import { toast } from '@/lib/toast/shop-toasts';
import { useCart, useCartLine, useCartStore } from './CartProvider';
import { itemLabel } from './item-label';

/** What a selector sells: a cart item without its units (the catalogue's `QuantityItem`). */
export type CartQuantityItem = Omit<CartItem, 'units'>;

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  units: number;
  item: CartQuantityItem;
}

/** Per-id debounced cart updates with their toasts. */
function useQuantityScheduler() {
  const store = useCartStore();
  const t = useTranslations('cart.toast');
  const pending = useRef(new Map<number, Pending>());
  // The latest translator and store, for timers set during an earlier render.
  const latest = useRef({ store, t });
  useEffect(() => {
    latest.current = { store, t };
  }, [store, t]);

  const apply = useCallback((item: CartQuantityItem, units: number) => {
    const { store: s, t: tr } = latest.current;
    const current = selectUnits(s.getSnapshot().state, item.id);
    const name = itemLabel(item);
    if (units > 0) {
      if (units === current) return; // e.g. 5 → 6 → 5 within the pause: nothing changed
      const next = s.dispatch({ type: 'upsert', item: { ...item, units } });
      const held = selectUnits(next, item.id); // the reducer may have clamped it to the item's limits
      if (held > 0) toast({ title: tr('added', { count: held, name }), variant: 'success' });
      return;
    }
    if (current > 0) {
      s.dispatch({ type: 'remove', id: item.id });
      toast({ title: tr('removed'), description: name, variant: 'warning' });
    }
  }, []);

  const schedule = useCallback(
    (units: number, item: CartQuantityItem) => {
      const map = pending.current;
      const waiting = map.get(item.id);
      if (waiting) clearTimeout(waiting.timer);
      const timer = setTimeout(() => {
        map.delete(item.id);
        apply(item, units);
      }, QUANTITY_DEBOUNCE_MS);
      map.set(item.id, { timer, units, item });
    },
    [apply],
  );

  const flush = useCallback(() => {
    const map = pending.current;
    const all = [...map.values()];
    map.clear();
    for (const p of all) {
      clearTimeout(p.timer);
      apply(p.item, p.units);
    }
  }, [apply]);

  useEffect(() => flush, [flush]);

  return { schedule, flush };
}

export interface CartQuantity {
  /** Units in the cart now (0 when absent, and until the cart is read). */
  units: number;
  /** Ask for this many units; applied after the pause. 0 removes. */
  setUnits: (units: number) => void;
  /** Apply a waiting change now. */
  flush: () => void;
}

/** One selector bound to the cart. */
export function useCartQuantity(item: CartQuantityItem): CartQuantity {
  const units = useCartLine(item.id);
  const { schedule, flush } = useQuantityScheduler();
  const itemRef = useRef(item);
  useEffect(() => {
    itemRef.current = item;
  }, [item]);
  const setUnits = useCallback((next: number) => schedule(next, itemRef.current), [schedule]);
  return { units, setUnits, flush };
}

/**
 * Many selectors bound to the cart, in the shape of the product page's `QuantityBinding`
 * (components/product/useQuantityBinding.ts): `initialFor(id)` → units in the cart,
 * `onChange(units, item)` → debounced add/update/remove with toasts.
 */
export function useCartBinding(): {
  initialFor: (id: number) => number;
  onChange: (units: number, item: CartQuantityItem) => void;
} {
  const { state } = useCart();
  const { schedule } = useQuantityScheduler();
  return useMemo(
    () => ({
      initialFor: (id: number) => selectUnits(state, id),
      onChange: (units: number, item: CartQuantityItem) => schedule(units, item),
    }),
    [state, schedule],
  );
}
