import { formatPesos } from '@/lib/money';
import type { ProductListItem } from '@/lib/contracts/catalogue';

export type PriceView =
  | { kind: 'range'; min: string; max: string }
  | { kind: 'single'; price: string; /** the list price, struck through, when a discount applies */ regular: string | null };

function has(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

/** Formats pesos as es-AR ARS ("$ 1.234,50"); non-finite amounts show as "$ 0,00". */
export function money(pesos: number): string {
  return formatPesos(has(pesos) ? pesos : 0);
}

/**
 * What a product shows as its price: a range "$ min – $ max" for a variable product whose variations
 * differ in price, else one price (the discount, with the list price struck through, when there is one).
 */
export function priceView(
  p: Pick<ProductListItem, 'isVariable' | 'price' | 'discount' | 'minPrice' | 'maxPrice'>,
): PriceView {
  if (p.isVariable && has(p.minPrice) && has(p.maxPrice) && p.minPrice !== p.maxPrice && p.maxPrice > 0) {
    const lo = Math.min(p.minPrice, p.maxPrice);
    const hi = Math.max(p.minPrice, p.maxPrice);
    return { kind: 'range', min: money(lo), max: money(hi) };
  }
  const base = p.isVariable && has(p.minPrice) && p.minPrice > 0 ? p.minPrice : p.price;
  if (has(p.discount) && p.discount > 0 && p.discount < base) {
    return { kind: 'single', price: money(p.discount), regular: money(base) };
  }
  return { kind: 'single', price: money(base), regular: null };
}
