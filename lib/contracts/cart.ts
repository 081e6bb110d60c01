/**
 * The saved cart of a signed-in customer (issue 23 §4): GET and PUT api/cart. The device sends product ids
 * and units only; the API never stores or trusts a price: every answer is priced again with lib/pricing at the
 * customer's own tiers. See lib/cart/merge.ts for the merge rules. Pure zod.
 */
import { z } from 'zod';
// The storefront parses with this contract in the browser: no eval probe under our CSP (see the file).
import '../security/zod';
import { DEFAULT_MAX_QUANTITY } from '../cart/quantity';
import { MAX_INT32 } from './common';
import { cartProductSchema } from './wholesale';

/** A saved cart holds at most this many lines (a 60-line wholesale order fits many times over). */
export const CART_MAX_LINES = 500;
const pesos = z.number().describe('Pesos (ARS), hasta 2 decimales');

export const cartWriteSchema = z
  .object({
    baseVersion: z.number().int().min(0).max(MAX_INT32).describe('La versión del carrito de la que parte el dispositivo (0: ninguna)'),
    mode: z
      .enum(['changes', 'signIn'])
      .default('changes')
      .describe('changes: cada línea fija sus unidades (0 la quita), gana la última escritura; signIn: al ingresar, cada línea queda con la mayor cantidad'),
    lines: z
      .array(
        z.object({
          id: z.number().int().min(1).max(MAX_INT32).describe('Producto simple o variante'),
          // far above any product's max: the product's own limits snap it (lib/cart/quantity clamp)
          units: z.number().int().min(0).max(DEFAULT_MAX_QUANTITY * 1000).describe('Unidades (0 quita la línea)'),
        }),
      )
      .max(CART_MAX_LINES)
      .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, { message: 'Hay un producto repetido' })
      .describe('Sólo las líneas que cambian; los precios enviados se ignoran'),
  })
  .describe('Cambios por línea sobre la versión baseVersion');

const CART_LINE_STATES = ['active', 'limited', 'noStock', 'hidden'] as const;
const CART_REJECT_REASONS = ['unknown', 'hidden', 'noStock', 'variable', 'full'] as const;

const savedCartLineSchema = z.object({
  id: z.number().int(),
  units: z.number().int(),
  state: z.enum(CART_LINE_STATES).describe('hidden y noStock: la línea se guarda pero no se puede pedir'),
  product: cartProductSchema.nullable().describe('Para el carrito del dispositivo (null si no se puede pedir)'),
  unitPrice: pesos.nullable().describe('Precio unitario de hoy con las escalas del cliente'),
  lineTotal: pesos.nullable(),
});

export const savedCartSchema = z.object({
  version: z.number().int(),
  stale: z.boolean().describe('La versión enviada no era la última: la respuesta ya une los cambios de otros dispositivos'),
  lines: z.array(savedCartLineSchema),
  totalUnits: z.number().int(),
  total: pesos.describe('Total de las líneas que se pueden pedir'),
  rejected: z.array(z.object({ id: z.number().int(), reason: z.enum(CART_REJECT_REASONS) })).describe('Líneas enviadas que no se guardaron'),
  adjusted: z.array(z.object({ id: z.number().int(), requested: z.number().int(), units: z.number().int() })).describe('Cantidades ajustadas a mínimo, máximo o múltiplo'),
});

export type CartWrite = z.infer<typeof cartWriteSchema>;
export type SavedCart = z.infer<typeof savedCartSchema>;
export type SavedCartLine = z.infer<typeof savedCartLineSchema>;
