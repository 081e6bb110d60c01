'use client';

import { useCartBinding } from '@/components/cart/useCartQuantity';
import type { QuantityItem } from './QuantitySelector';

/**
 * The seam between the product page's quantity rows and the cart: `initialFor(id)` gives the units
 * already in the cart, `onChange(units, item)` receives every committed quantity (0 = remove); the
 * cart applies it after the 200 ms pause and shows the toasts.
 */
export interface QuantityBinding {
  initialFor: (id: number) => number;
  onChange: (units: number, item: QuantityItem) => void;
}

export function useQuantityBinding(): QuantityBinding {
  return useCartBinding();
}
