import type { CartItem } from '@/lib/cart';

/**
 * How a cart item is named to the customer: a variation with its parent ("Sahumerio Hem – Lavanda",
 * the same form the product page's selectors use), a simple product by its own name.
 */
export function itemLabel(item: Pick<CartItem, 'id' | 'fatherId' | 'cartName' | 'cartFatherName'>): string {
  const name = item.cartName.trim();
  const parent = item.cartFatherName.trim();
  if (item.fatherId === item.id || !parent || parent === name) return name || parent;
  if (!name) return parent;
  return `${parent} – ${name}`;
}
