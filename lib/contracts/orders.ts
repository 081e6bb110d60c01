/**
 * THE answer shapes of the order API (GET/POST api/order…, api/staff/orders…, addresses, billing data):
 * one zod contract that the Fastify routes declare as their response schema (validation + OpenAPI) and the
 * storefront parses what it receives with. Types are inferred from it (lib/orders/types.ts); there is no
 * hand-kept mirror, so a field the API sends cannot be dropped on the way to the page.
 * Pure zod: no server-only or browser-only import. Money is pesos (≤ 2 decimals), dates ISO strings.
 */
import { z } from 'zod';
// The storefront parses with this contract in the browser: no eval probe under our CSP (see the file).
import '../security/zod';
import { ORDER_STATES } from '../orders/states';
import { orderAssigneeSchema } from './staff-team';
import { pagedSchema } from './shapes';
import { MAX_STATE_REASON, PAYMENT_METHODS, PAYMENT_STATUSES } from '../orders/payments';

export const orderStateSchema = z.enum(ORDER_STATES);
const missingStatusSchema = z.enum(['complete', 'incomplete', 'missing']);
const isoDate = z.string().describe('Fecha ISO 8601');
const pesos = z.number().describe('Pesos (ARS), hasta 2 decimales');

const orderTotalsSchema = z.object({
  totalBoxes: z.number().int(),
  totalPrice: pesos.describe('Total de lo pedido (incluye faltantes)'),
  subtotal: pesos.describe('Total de lo que se entrega'),
  bonus: pesos,
  net: pesos.describe('subtotal − bonificación'),
  vat: pesos.describe('IVA 21 %'),
  priceWithVat: pesos,
  iibb: pesos.describe('IIBB 4,5 % (envíos a Misiones)'),
  finalTotal: pesos,
});

export const orderSummarySchema = orderTotalsSchema.extend({
  id: z.number().int(),
  number: z.number().int().describe('Número de pedido (secuencial, desde 1001)'),
  state: orderStateSchema,
  missingStatus: missingStatusSchema,
  toSucc: z.boolean(),
  itemCount: z.number().int().describe('Líneas del pedido'),
  totalUnits: z.number().int().describe('Unidades que se entregan'),
  createdAt: isoDate,
  updatedAt: isoDate,
  budgetSentAt: isoDate.nullable(),
  confirmedAt: isoDate.nullable(),
  budgetExpiresAt: isoDate
    .nullable()
    .describe('Desde cuándo el presupuesto ya no se puede aceptar (medianoche de la tienda después de su último día válido); null sin plazo'),
  budgetExpired: z.boolean().describe('El presupuesto espera al cliente y venció: hay que pedir uno actualizado'),
  budgetUpdateRequestedAt: isoDate.nullable().describe('Cuándo el cliente pidió un presupuesto actualizado (null: no lo pidió)'),
  paymentDueAt: isoDate.nullable().describe('Desde cuándo falta el comprobante de un pedido aceptado (null sin plazo)'),
  paymentStatus: z.enum(PAYMENT_STATUSES).describe('Pago registrado por el personal frente al total final: unpaid | partial | paid'),
  paid: pesos.describe('Suma de los pagos registrados (sin los anulados)'),
});

const paymentMethodSchema = z.enum(PAYMENT_METHODS);

/** One payment staff recorded on the order; the customer sees the ones not voided, without names or notes. */
const orderPaymentSchema = z.object({
  id: z.number().int(),
  amount: pesos,
  method: paymentMethodSchema,
  at: isoDate,
  note: z.string().nullable().optional().describe('Sólo para el personal'),
  byName: z.string().nullable().optional().describe('Sólo para el personal: quién lo registró'),
  voided: z
    .object({ at: isoDate, reason: z.string(), byName: z.string().nullable() })
    .nullable()
    .optional()
    .describe('Sólo para el personal: el pago se anuló (no cuenta)'),
});

const orderBudgetSnapshotSchema = z.object({
  totals: orderTotalsSchema.extend({ missingStatus: missingStatusSchema }),
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

const orderDocumentKindSchema = z.enum(['budget', 'remit', 'bill', 'proof', 'other']);

export const orderDocumentSchema = z.object({
  id: z.number().int(),
  kind: orderDocumentKindSchema,
  trackingNumber: z.string().nullable(),
  fileUrl: z.string().nullable().describe('Ruta del archivo en la API (con el token de sesión)'),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  size: z.number().int().nullable(),
  createdAt: isoDate,
  budget: orderBudgetSnapshotSchema.nullable(),
  actor: z.enum(['customer', 'staff']).optional().describe('Quién lo agregó'),
  byName: z.string().nullable().optional().describe('Sólo para el personal: nombre de quien lo agregó'),
});

const orderItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable().describe('null si el producto se borró del catálogo'),
  parentId: z.number().int().nullable().describe('El grupo de escalas: el padre variable o el producto simple'),
  name: z.string(),
  variationName: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int().describe('Unidades que se entregan (0 si falta todo)'),
  requestedQuantity: z.number().int().describe('Unidades pedidas'),
  unitPrice: pesos,
  regularPrice: pesos.nullable(),
  lineTotal: pesos.describe('quantity × unitPrice (0 si la línea falta)'),
  missing: z.boolean(),
  priceAdjusted: z.boolean(),
});

export const orderAddressSchema = z.object({
  id: z.number().int(),
  province: z.string(),
  city: z.string(),
  street: z.string(),
  number: z.string(),
  postalCode: z.string(),
  floor: z.string().nullable(),
  extraData: z.string().nullable(),
  state: z.enum(['active', 'archived']),
});

export const orderBillingSchema = z.object({
  id: z.number().int(),
  taxCondition: z.string(),
  documentType: z.enum(['CUIT', 'CUIL', 'DNI']),
  documentNumber: z.string(),
});

const orderHistorySchema = z.object({
  from: orderStateSchema.nullable(),
  to: orderStateSchema,
  at: isoDate,
  byUserId: z.number().int().nullable(),
  actor: z.enum(['customer', 'staff', 'system']).nullable(),
  byName: z.string().nullable().optional().describe('Sólo para el personal: nombre de quien hizo el cambio'),
  reason: z.string().max(MAX_STATE_REASON).nullable().describe('Motivo que el personal dio al rechazar o desarmar (lo ve el cliente)'),
});

export const orderDetailSchema = orderSummarySchema.extend({
  shippingZone: z.enum(['pickup', 'caba', 'interior']),
  address: orderAddressSchema.nullable(),
  transport: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  otherTransport: z.string().nullable(),
  billingData: orderBillingSchema.nullable(),
  items: z.array(orderItemSchema),
  documents: z.array(orderDocumentSchema),
  history: z.array(orderHistorySchema),
  payments: z.array(orderPaymentSchema),
  additions: z.object({
    stage: z.enum(['received', 'started', 'review', 'prepared']).nullable(),
    used: z.number().int(),
    limit: z.number().int().nullable().describe('null = sin límite'),
    remaining: z.number().int().nullable().describe('null = sin límite'),
  }),
  actions: z.object({
    accept: z.boolean().describe('Aceptar el presupuesto: la tabla de estados lo permite y no venció'),
    cancel: z.boolean(),
    finish: z.boolean(),
    add: z.boolean(),
    uploadProof: z.boolean(),
    requestBudget: z.boolean().describe('El presupuesto venció y todavía no se pidió uno actualizado'),
  }),
  customer: z
    .object({ id: z.number().int(), name: z.string(), lastname: z.string(), email: z.string(), contactNumber: z.string().nullable() })
    .optional()
    .describe('Sólo para el personal'),
  pricing: z
    .object({
      isVip: z.boolean().describe('El cliente recibe las escalas VIP'),
      tiers: z
        .record(
          z.string(),
          z.array(z.object({ id: z.number().int(), name: z.string(), units: z.number().int(), price: pesos, isVip: z.boolean(), isStrict: z.boolean() })),
        )
        .describe('Escalas vigentes por grupo (parentId de cada línea)'),
    })
    .optional()
    .describe('Sólo para el personal: con qué recalcular el presupuesto al cambiar unidades (lib/orders/budget-pricing)'),
  assignee: orderAssigneeSchema.nullable().optional().describe('Sólo para el personal: quién del personal atiende el pedido'),
});

export const orderListSchema = z.array(orderSummarySchema);

const staffOrderListItemSchema = orderSummarySchema.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), lastname: z.string(), email: z.string() }),
  documentNumber: z.string().nullable(),
  unread: z.number().int().describe('Mensajes del cliente sin leer por el personal'),
  assignee: orderAssigneeSchema.nullable().describe('Quién del personal atiende el pedido'),
  flags: z
    .object({ budgetDueToday: z.boolean(), budgetExpired: z.boolean(), paymentOverdue: z.boolean() })
    .describe('Plazos: el presupuesto vence hoy, ya venció, o el pago (comprobante) está vencido'),
});

export const staffOrderListSchema = pagedSchema(staffOrderListItemSchema).extend({
  counts: z.record(orderStateSchema, z.number().int()).describe('Pedidos por estado con los mismos filtros (sin el de estado)'),
});

/** A saved address as GET api/address/myAddresses and POST api/address answer it. */
export const addressSchema = orderAddressSchema.extend({
  isDefault: z.boolean().describe('La predeterminada del cliente (se preselecciona al comprar)'),
  createdAt: isoDate,
});

/** A billing record as GET api/user/myBillingData and POST api/billing answer it. */
export const billingSchema = orderBillingSchema.extend({
  number: z.string().describe('Igual a documentNumber (nombre del spec)'),
  isDefault: z.boolean().describe('Los predeterminados del cliente (se preseleccionan al comprar)'),
  createdAt: isoDate,
});

export const transportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fatherId: z.number().int().nullable(),
  isAble: z.boolean(),
});

export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type OrderBudgetSnapshot = z.infer<typeof orderBudgetSnapshotSchema>;
export type OrderDocumentWire = z.infer<typeof orderDocumentSchema>;
export type OrderItemWire = z.infer<typeof orderItemSchema>;
export type OrderHistoryWire = z.infer<typeof orderHistorySchema>;
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export type StaffOrderListItem = z.infer<typeof staffOrderListItemSchema>;
export type StaffOrderList = z.infer<typeof staffOrderListSchema>;
export type SavedAddress = z.infer<typeof addressSchema>;
export type SavedBilling = z.infer<typeof billingSchema>;
export type TransportWire = z.infer<typeof transportSchema>;

/* ------------------------------------------------ payments and staff state moves (issue 32, items 2 and 6) */

const noNul = (s: string) => !s.includes('\u0000');
/** Free text from staff: the service checks it is present and within its limit (with a Spanish message). */
const staffText = z.string().max(2000).refine(noNul);

/** POST api/staff/orders/:id/payments: the amount as staff type it ("21.500", "21.500,50"; lib/money/parse). */
export const recordPaymentBodySchema = z.object({
  amount: z.string().max(40).describe('Monto como lo escribe el personal (es-AR): "21.500" o "21.500,50"'),
  method: paymentMethodSchema,
  note: staffText.optional().describe('Nota interna (hasta 300 caracteres)'),
});

/** POST api/staff/orders/:id/payments/:paymentId/void */
export const voidPaymentBodySchema = z.object({ reason: staffText.describe('Por qué se anula (obligatorio, hasta 300 caracteres)') });

/** POST api/staff/orders/:id/state */
export const staffStateBodySchema = z.object({
  to: orderStateSchema,
  reason: staffText.optional().describe('Obligatorio al rechazar o desarmar: el cliente lo lee (hasta 500 caracteres)'),
  confirmUnpaid: z.boolean().optional().describe('Despachar un envío que no figura pagado'),
});

const BULK_STATE_MAX = 200;

/** POST api/staff/orders/bulk-state */
export const bulkStateBodySchema = staffStateBodySchema.extend({
  ids: z.array(z.number().int().min(1)).min(1).max(BULK_STATE_MAX).describe('Pedidos (hasta 200, sin repetir)'),
});

export const bulkStateResultSchema = z.object({
  changed: z.number().int(),
  skipped: z.number().int(),
  results: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int().nullable().describe('null si el pedido no existe'),
      result: z.enum(['changed', 'skipped']),
      from: orderStateSchema.nullable(),
      message: z.string().nullable().describe('Por qué no se cambió'),
    }),
  ),
});

export type BulkStateResult = z.infer<typeof bulkStateResultSchema>;
