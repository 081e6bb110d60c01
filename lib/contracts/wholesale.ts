/**
 * Contracts of the wholesale buying tools (issue 23 §1–2): "Volver a pedir" (POST api/order/{id}/reorder)
 * and the quick order pad (POST api/quick-order). The Fastify routes declare them (validation + OpenAPI)
 * and the storefront parses the answers with them; types are inferred, never written twice.
 * Pure zod. Money is pesos (≤ 2 decimals), computed by lib/pricing on the server.
 */
import { z } from 'zod';
// The storefront parses with this contract in the browser: no eval probe under our CSP (see the file).
import '../security/zod';
import { QUICK_ORDER_MAX_LINES, QUICK_ORDER_MAX_QUANTITY, SKU_MAX_LENGTH } from '../wholesale/lines';
import { quantityFields } from './shapes';

const pesos = z.number().describe('Pesos (ARS), hasta 2 decimales');

const offerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  units: z.number().int(),
  price: pesos,
  isVip: z.boolean(),
  isStrict: z.boolean(),
});

/** What the storefront needs to put a product or variation in the cart (lib/cart CartItem without units). */
export const cartProductSchema = z.object({
  id: z.number().int().describe('Producto simple o variante'),
  fatherId: z.number().int().describe('El grupo de escalas: el padre variable o el propio producto'),
  name: z.string(),
  fatherName: z.string(),
  sku: z.string(),
  price: pesos,
  discount: pesos.nullable(),
  state: z.enum(['active', 'limited']),
  ...quantityFields,
  offers: z.array(offerSchema).describe('Escalas del padre (el carrito elige según el cliente)'),
  image: z.string().nullable(),
  path: z.string().describe('Página del producto (ruta en castellano)'),
});

const quantityRuleSchema = z.object({
  lowest: z.number().int().describe('Menor cantidad válida'),
  highest: z.number().int().describe('Mayor cantidad válida'),
  step: z.number().int(),
});

/* ------------------------------------------------------------------ reorder */

const REORDER_SKIP_REASONS = ['deleted', 'hidden', 'noStock', 'variationGone'] as const;

const reorderLineSchema = z.object({
  itemId: z.number().int(),
  name: z.string(),
  variationName: z.string().nullable(),
  sku: z.string().nullable(),
  orderedQuantity: z.number().int().describe('Unidades pedidas entonces'),
  paidUnitPrice: pesos.describe('Precio unitario pagado entonces'),
  addable: z.boolean(),
  skipReason: z.enum(REORDER_SKIP_REASONS).nullable().describe('Por qué no se puede agregar (null si se puede)'),
  quantity: z.number().int().describe('Unidades que se agregarían (ajustadas a las reglas de hoy); 0 si no se puede'),
  snapped: z
    .object({ reason: z.enum(['min', 'max', 'step']), rule: quantityRuleSchema })
    .nullable()
    .describe('La cantidad se ajustó al mínimo, al máximo o al múltiplo de hoy'),
  unitPrice: pesos.nullable().describe('Precio unitario de hoy para esa cantidad (escalas del cliente)'),
  change: z.enum(['up', 'down', 'same']).nullable().describe('Precio de hoy frente al pagado'),
  product: cartProductSchema.nullable(),
});

export const reorderPreviewSchema = z.object({
  orderId: z.number().int(),
  number: z.number().int(),
  lines: z.array(reorderLineSchema),
  addableCount: z.number().int(),
  skippedCount: z.number().int(),
  /** Σ quantity × unitPrice of the addable lines, priced together as the cart will (lib/pricing). */
  total: pesos,
});

/* -------------------------------------------------------------- quick order */

export const quickOrderRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        sku: z.string().trim().min(1).max(SKU_MAX_LENGTH),
        quantity: z.number().int().min(0).max(QUICK_ORDER_MAX_QUANTITY),
        row: z.number().int().min(1).max(1_000_000).optional().describe('Fila de origen (para mostrar)'),
      }),
    )
    .min(1)
    .max(QUICK_ORDER_MAX_LINES),
});

const QUICK_ORDER_PROBLEMS = ['unknownSku', 'variable', 'hidden', 'noStock', 'zero', 'belowMin', 'aboveMax', 'notMultiple'] as const;

const quickOrderLineSchema = z.object({
  sku: z.string().describe('El SKU como se escribió (la primera vez)'),
  quantity: z.number().int().describe('Unidades pedidas (sumadas si el SKU se repite)'),
  rows: z.array(z.number().int()).describe('Filas de origen (varias si el SKU se repitió)'),
  problem: z.enum(QUICK_ORDER_PROBLEMS).nullable(),
  nearest: z.array(z.number().int()).describe('Cantidades válidas más cercanas (si la cantidad no es válida)'),
  rule: quantityRuleSchema.nullable(),
  name: z.string().nullable().describe('Producto – variante (null si el SKU no existe o está oculto)'),
  unitPrice: pesos.nullable().describe('Precio unitario con la escala que alcanza esta cantidad'),
  lineTotal: pesos.nullable(),
  product: cartProductSchema.nullable().describe('Para agregar al carrito (sólo líneas válidas)'),
});

export const quickOrderResultSchema = z.object({
  lines: z.array(quickOrderLineSchema),
  rejected: z
    .array(z.object({ row: z.number().int(), text: z.string(), problem: z.enum(['noSku', 'noQuantity', 'quantityInvalid']) }))
    .describe('Filas del archivo que no se pudieron leer'),
  validCount: z.number().int(),
  errorCount: z.number().int(),
  total: pesos.describe('Total de las líneas válidas, precios de hoy con las escalas del cliente'),
});

export type CartProduct = z.infer<typeof cartProductSchema>;
export type ReorderPreview = z.infer<typeof reorderPreviewSchema>;
export type ReorderLine = z.infer<typeof reorderLineSchema>;
export type QuickOrderRequest = z.infer<typeof quickOrderRequestSchema>;
export type QuickOrderResult = z.infer<typeof quickOrderResultSchema>;
export type QuickOrderLine = z.infer<typeof quickOrderLineSchema>;

/* --------------------------------------------------------------- price list */

const PRICE_LIST_FORMATS = ['pdf', 'xlsx'] as const;

/** GET api/price-list: the signed-in customer's price list as a file (PDF or XLSX), whole or one category. */
export const priceListQuerySchema = z.object({
  format: z.enum(PRICE_LIST_FORMATS).describe('pdf o xlsx'),
  category: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9-]+$/)
    .optional()
    .describe('Slug de la categoría (sin él, el catálogo completo)'),
});

export type PriceListQuery = z.infer<typeof priceListQuerySchema>;
