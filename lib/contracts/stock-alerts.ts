/**
 * Contracts of the back-in-stock alerts (issue 24 §3): the customer's `api/stock-alerts` and the staff's
 * waiting counts. The Fastify routes declare them (validation + OpenAPI). The product page's island imports
 * the types only (no zod on the public page).
 * Pure zod.
 */
import { z } from 'zod';
import '../security/zod';
import { MAX_INT32 } from './common';

const id = z.number().int().min(1).max(MAX_INT32);

/** What the customer waits for: a product (top-level), or one of its variations. */
export const stockAlertTargetSchema = z
  .object({
    productId: id.describe('El producto de la página (no una variante)'),
    variationId: id.optional().describe('La variante sin stock; sin ella, el producto entero'),
  })
  .strict();
export type StockAlertTarget = z.infer<typeof stockAlertTargetSchema>;

export const stockAlertSchema = z.object({
  productId: z.number().int(),
  variationId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** Per product id: customers waiting in total, for the product itself and per variation id. */
export const stockAlertCountsSchema = z.record(
  z.string(),
  z.object({ total: z.number().int(), product: z.number().int(), variations: z.record(z.string(), z.number().int()) }),
);
export type StockAlertCounts = Record<number, { total: number; product: number; variations: Record<number, number> }>;
