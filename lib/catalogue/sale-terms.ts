import type { ProductState } from '../contracts/catalogue';

/**
 * What a product or one of its variations is sold by: its price and discount, its state and the units it is
 * bought in (minimum, maximum, step). The buy box's rows (components/product/variations.ts), the staff create
 * body (lib/admin/products.ts) and the catalogue's SQL rows (server/services/catalogue.ts) all carry these.
 */
export interface SaleTerms {
  price: number;
  discount: number | null;
  state: ProductState;
  min: number;
  max: number;
  steps: number;
}

/** The fields a product's price is shown from (components/ui/Price): its price, or range, and its discount. */
export type PriceShownKey = 'price' | 'discount' | 'minPrice' | 'maxPrice';
