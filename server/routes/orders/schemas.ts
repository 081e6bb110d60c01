/**
 * Zod schemas of the checkout / order / staff routes: request bodies and params here; the answer shapes
 * are the shared contract (lib/contracts/orders.ts) the storefront parses with, re-exported.
 */
import { z } from 'zod';
import { errorResponses, errorSchema, intString } from '../../../lib/contracts/common';

export const authErrors = {
  ...errorResponses,
  401: errorSchema.describe('Sin sesión o sesión vencida'),
  403: errorSchema.describe('Sin permisos'),
  409: errorSchema.describe('Movimiento de estado no permitido / límite alcanzado / duplicado'),
} as const;

export {
  orderSummarySchema,
  orderDocumentSchema,
  orderDetailSchema,
  staffOrderListSchema,
  addressSchema,
  billingSchema,
  transportSchema,
} from '../../../lib/contracts/orders';

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


export const billingBody = z.object({
  taxCondition: z.enum(['Responsable Inscripto', 'Monotributista', 'Exento', 'Consumidor Final']),
  documentType: z.enum(['CUIT', 'CUIL', 'DNI']),
  number: z.string().trim().min(1).max(20),
});


