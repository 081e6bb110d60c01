/**
 * Request bodies of the order API as zod schemas, shared by the checkout (client-side check before
 * sending) and the API (the authoritative check). Unknown fields are stripped: a `price` sent by a
 * client never reaches the server's pricing (the API prices from the database with lib/pricing).
 *
 * Order creation payload (spec §3), with the spec's defaults:
 *   { products: [{ id, quantity }], billingDataId, addressId = 1, transportId = -1,
 *     otherTransport = null, toSucc = true }
 * - toSucc true: the customer collects at the shop; address and transport are not used.
 * - toSucc false: addressId must be one of the customer's saved addresses; transportId is a transport
 *   of GET api/transport/names, or -1 with `otherTransport` = the free-text name of another company.
 */
import { z } from 'zod';

const MAX_ORDER_LINES = 300;
const MAX_LINE_QUANTITY = 100_000;
const MAX_ID = 2_147_483_647;

const id = z.number().int().min(1).max(MAX_ID);

const orderLineSchema = z.object({
  /** a simple product or a variation (never a variable parent) */
  id,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});
export type OrderLineInput = z.infer<typeof orderLineSchema>;

const orderProductsSchema = z.array(orderLineSchema).min(1).max(MAX_ORDER_LINES);

export const createOrderSchema = z.object({
  products: orderProductsSchema,
  billingDataId: id,
  addressId: id.nullable().default(1),
  transportId: z
    .number()
    .int()
    .min(-1)
    .max(MAX_ID)
    .refine((v) => v !== 0, { message: 'transportId 0' })
    .default(-1),
  otherTransport: z
    .string()
    .trim()
    .max(120)
    .refine((s) => !s.includes('\u0000'))
    .nullable()
    .default(null),
  toSucc: z.boolean().default(true),
});
export type CreateOrderPayload = z.output<typeof createOrderSchema>;

export const addProductsSchema = z.object({ products: orderProductsSchema });

/**
 * Lines with the same id are merged (quantities summed), keeping the first occurrence's position:
 * the order holds one line per product.
 */
export function mergeOrderLines(lines: readonly OrderLineInput[]): OrderLineInput[] {
  const byId = new Map<number, OrderLineInput>();
  for (const l of lines) {
    const prev = byId.get(l.id);
    if (prev) prev.quantity += l.quantity;
    else byId.set(l.id, { id: l.id, quantity: l.quantity });
  }
  return [...byId.values()];
}

/** `Idempotency-Key` of POST /api/order (lib/api/order-attempt makes them): 8–100 of A-Z a-z 0-9 _ -. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);

/**
 * The creation payload in a canonical form, for comparing two requests sent with the same key: lines
 * merged and sorted by id, and the fields that the delivery mode ignores (address and transport when
 * collecting at the shop, the free-text transport unless transportId is -1) set to null.
 */
export function normalizeCreateOrderPayload(p: CreateOrderPayload) {
  const shipped = !p.toSucc;
  const other = shipped && p.transportId === -1;
  return {
    products: mergeOrderLines(p.products).sort((a, b) => a.id - b.id),
    billingDataId: p.billingDataId,
    toSucc: p.toSucc,
    addressId: shipped ? p.addressId : null,
    transportId: shipped ? p.transportId : null,
    otherTransport: other ? p.otherTransport?.trim() || null : null,
  };
}
