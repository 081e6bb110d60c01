'use client';

/**
 * The shop's one quantity selector (components/product/QuantitySelector: spec §5 rules, accessible
 * −/field/+) bound to the cart through useCartQuantity: 200 ms pause, add/update/remove, toasts.
 * Used by the cart page's lines; the product page can use it too for a single row.
 */
import { QuantitySelector } from '@/components/product/QuantitySelector';
import { useCartQuantity, type CartQuantityItem } from './useCartQuantity';
import { itemLabel } from './item-label';

export interface CartQuantityFieldProps {
  item: CartQuantityItem;
  /** Accessible name (defaults to "Parent – Variation"). */
  label?: string;
}

export function CartQuantityField({ item, label }: CartQuantityFieldProps) {
  const { units, setUnits } = useCartQuantity(item);
  return (
    <QuantitySelector
      item={item}
      min={item.min}
      max={item.max}
      steps={item.steps}
      initial={units}
      onChange={(next) => setUnits(next)}
      label={label ?? itemLabel(item)}
    />
  );
}

