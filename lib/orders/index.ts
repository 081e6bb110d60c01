/**
 * lib/orders — the order rules shared by the storefront and the API (pure TypeScript, integer centavos):
 * - states.ts: the states, THE transition table (who may move an order from → to, through which
 *   action), the customer's list groups, label keys and Spanish labels;
 * - additions.ts: how many times a customer may add products, per stage;
 * - totals.ts: subtotal, bonus, VAT, IIBB Misiones, final total, boxes, missing-products status;
 * - shipping.ts: delivery zone (pickup / CABA / interior) and order minimums;
 * - documents.ts: upload types and size limit;
 * - payload.ts: zod schemas of the order requests; types.ts: the wire shapes of the answers.
 */
export * from './states';
export * from './additions';
export * from './totals';
export * from './shipping';
export * from './lines';
export * from './documents';
export * from './payload';
export * from './payments';
export type * from './types';
