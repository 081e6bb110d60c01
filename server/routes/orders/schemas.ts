/**
 * Zod schemas of the checkout / order / staff routes: they validate requests and document the answers
 * in the OpenAPI (/docs). Answer shapes mirror lib/orders/types.ts.
 */
import { z } from 'zod';
import { ORDER_STATES } from '../../../lib/orders';
import { errorResponses, errorSchema, intString } from '../../schemas/common';

export const authErrors = {
  ...errorResponses,
  401: errorSchema.describe('Sin sesión o sesión vencida'),
  403: errorSchema.describe('Sin permisos'),
  409: errorSchema.describe('Movimiento de estado no permitido / límite alcanzado / duplicado'),
} as const;

export const orderStateSchema = z.enum(ORDER_STATES);
const missingStatusSchema = z.enum(['complete', 'incomplete', 'missing']);
const isoDate = z.string().describe('Fecha ISO 8601');
const pesos = z.number().describe('Pesos (ARS), hasta 2 decimales');

const totalsShape = {
  totalBoxes: z.number().int(),
  totalPrice: pesos.describe('Total de lo pedido (incluye faltantes)'),
  subtotal: pesos.describe('Total de lo que se entrega'),
  bonus: pesos,
  net: pesos.describe('subtotal − bonificación'),
  vat: pesos.describe('IVA 21 %'),
  priceWithVat: pesos,
  iibb: pesos.describe('IIBB 4,5 % (envíos a Misiones)'),
  finalTotal: pesos,
};

export const orderSummarySchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  state: orderStateSchema,
  missingStatus: missingStatusSchema,
  toSucc: z.boolean(),
  itemCount: z.number().int(),
  totalUnits: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  budgetSentAt: isoDate.nullable(),
  confirmedAt: isoDate.nullable(),
  ...totalsShape,
});

const budgetSnapshotSchema = z.object({
  totals: z.object({ ...totalsShape, missingStatus: missingStatusSchema }),
  items: z.array(
    z.object({
      itemId: z.number().int(),
      name: z.string(),
      variationName: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: pesos,
      missing: z.boolean(),
    }),
  ),
});

export const orderDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['budget', 'remit', 'bill', 'proof', 'other']),
  trackingNumber: z.string().nullable(),
  fileUrl: z.string().nullable().describe('Ruta del archivo en la API (con el token de sesión)'),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  size: z.number().int().nullable(),
  createdAt: isoDate,
  budget: budgetSnapshotSchema.nullable(),
  actor: z.enum(['customer', 'staff']).optional().describe('Quién lo agregó'),
  byName: z.string().nullable().optional().describe('Sólo para el personal: nombre de quien lo agregó'),
});

export const orderDetailSchema = orderSummarySchema.extend({
  shippingZone: z.enum(['pickup', 'caba', 'interior']),
  address: z
    .object({
      id: z.number().int(),
      province: z.string(),
      city: z.string(),
      street: z.string(),
      number: z.string(),
      postalCode: z.string(),
      floor: z.string().nullable(),
      extraData: z.string().nullable(),
      state: z.enum(['active', 'archived']),
    })
    .nullable(),
  transport: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  otherTransport: z.string().nullable(),
  billingData: z
    .object({ id: z.number().int(), taxCondition: z.string(), documentType: z.enum(['CUIT', 'CUIL', 'DNI']), documentNumber: z.string() })
    .nullable(),
  items: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int().nullable(),
      parentId: z.number().int().nullable(),
      name: z.string(),
      variationName: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      requestedQuantity: z.number().int(),
      unitPrice: pesos,
      regularPrice: pesos.nullable(),
      lineTotal: pesos,
      missing: z.boolean(),
      priceAdjusted: z.boolean(),
    }),
  ),
  documents: z.array(orderDocumentSchema),
  history: z.array(
    z.object({
      from: orderStateSchema.nullable(),
      to: orderStateSchema,
      at: isoDate,
      byUserId: z.number().int().nullable(),
      actor: z.enum(['customer', 'staff', 'system']).nullable(),
      byName: z.string().nullable().optional().describe('Sólo para el personal: nombre de quien hizo el cambio'),
    }),
  ),
  additions: z.object({
    stage: z.enum(['received', 'started', 'review', 'prepared']).nullable(),
    used: z.number().int(),
    limit: z.number().int().nullable().describe('null = sin límite'),
    remaining: z.number().int().nullable().describe('null = sin límite'),
  }),
  actions: z.object({ accept: z.boolean(), cancel: z.boolean(), finish: z.boolean(), add: z.boolean(), uploadProof: z.boolean() }),
  customer: z
    .object({ id: z.number().int(), name: z.string(), lastname: z.string(), email: z.string(), contactNumber: z.string().nullable() })
    .optional(),
});

export const orderListSchema = z.object({ items: z.array(orderSummarySchema) });

export const staffOrderListSchema = z.object({
  items: z.array(
    orderSummarySchema.extend({
      customer: z.object({ id: z.number().int(), name: z.string(), lastname: z.string(), email: z.string() }),
      documentNumber: z.string().nullable(),
      unread: z.number().int().describe('Mensajes del cliente sin leer por el personal'),
    }),
  ),
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  rows: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
});

export const orderIdParams = z.object({ id: intString().describe('Id del pedido') });
export const documentParams = z.object({ id: intString().describe('Id del pedido'), docId: intString().describe('Id del documento') });

/* ----------------------------------------------------------- addresses etc. */

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !s.includes('\u0000'));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !s.includes('\u0000'))
    .nullish()
    .transform((v) => (v ? v : null));

export const addressBody = z.object({
  province: text(80),
  city: text(120),
  street: text(160),
  number: text(20),
  postalCode: text(12),
  floor: optionalText(40),
  extraData: optionalText(300),
  state: z.enum(['active', 'archived']).optional(),
});

export const addressSchema = z.object({
  id: z.number().int(),
  province: z.string(),
  city: z.string(),
  street: z.string(),
  number: z.string(),
  postalCode: z.string(),
  floor: z.string().nullable(),
  extraData: z.string().nullable(),
  state: z.enum(['active', 'archived']),
  createdAt: isoDate,
});

export const billingBody = z.object({
  taxCondition: z.enum(['Responsable Inscripto', 'Monotributista', 'Exento', 'Consumidor Final']),
  documentType: z.enum(['CUIT', 'CUIL', 'DNI']),
  number: z.string().trim().min(1).max(20),
});

export const billingSchema = z.object({
  id: z.number().int(),
  taxCondition: z.string(),
  documentType: z.enum(['CUIT', 'CUIL', 'DNI']),
  number: z.string(),
  documentNumber: z.string(),
  createdAt: isoDate,
});

export const transportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fatherId: z.number().int().nullable(),
  isAble: z.boolean(),
});
