/**
 * THE staff settings contract (api/staff/settings, …/config, …/carousel, …/tags, …/transports): the settings page's
 * answer, the carousel images, footer tags and transports as staff see them, and the bodies that change them.
 * The routes declare them (validation + OpenAPI, server/routes/staff/settings.ts) and the back-office's types
 * are inferred from them (lib/admin/settings-types.ts). Pure zod.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { DEADLINE_DAYS_RANGE } from '../orders/deadlines';
import { staffConfigSchema } from './catalogue';
import { pesosInput } from './common';
import { transportSchema } from './orders';

/** Text without control characters (NUL breaks PostgreSQL; the rest has no business in a label). */
const label = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { message: 'caracteres no permitidos' });

/** A storefront path: starts with one '/', no scheme, no backslash, no spaces. */
const storefrontPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?![/\\])[^\s\\]*$/, { message: 'debe ser una ruta de la tienda, por ejemplo /products?query=sandalo' });

/* ----------------------------------------------------------- answers */

export const staffCarouselImageSchema = z.object({
  id: z.number().int(),
  url: z.string().describe('URL de la imagen (/uploads/carousel/…)'),
  alt: z.string(),
  link: z.string().nullable(),
  position: z.number().int(),
});

/** The whole carousel in order: the answer of every change of it but an upload. */
export const staffCarouselSchema = z.array(staffCarouselImageSchema);

export const staffTagSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string(), position: z.number().int() });

/** GET api/staff/settings: everything the settings page shows, and what the caller may change (its permissions). */
export const shopSettingsSchema = z.object({
  config: staffConfigSchema,
  carousel: z.array(staffCarouselImageSchema),
  tags: z.array(staffTagSchema),
  transports: z.array(transportSchema),
  can: z.object({ config: z.boolean(), catalogue: z.boolean(), transports: z.boolean() }),
});

/* ----------------------------------------------------------- bodies */

/** Days of an order deadline (lib/orders/deadlines; the database checks the same range). */
const deadlineDays = z
  .number()
  .int({ message: 'debe ser un número entero de días' })
  .min(DEADLINE_DAYS_RANGE.min, { message: `debe ser de al menos ${DEADLINE_DAYS_RANGE.min} día` })
  .max(DEADLINE_DAYS_RANGE.max, { message: `debe ser de hasta ${DEADLINE_DAYS_RANGE.max} días` });

/** PATCH api/staff/config (config:write): the minimums, maintenance and the order deadlines, each optional. */
export const staffConfigBody = z.object({
  minOrderPrice: pesosInput(20_000_000).optional(),
  minLocalPrice: pesosInput(20_000_000).optional(),
  maintaince: z.boolean().optional(),
  budgetValidDays: deadlineDays.optional().describe('Días en que se puede aceptar un presupuesto (1 a 90; 7 por defecto)'),
  paymentDueDays: deadlineDays.optional().describe('Días para mandar el comprobante de un pedido aceptado (1 a 90; 5 por defecto)'),
});

/** The text fields of POST api/staff/carousel (multipart: read from the form, not the JSON body). */
export const carouselUploadFields = z.object({ alt: label(200, 0), link: storefrontPath.nullable() });

export const carouselPatchBody = z.object({ alt: label(200, 0).optional(), link: storefrontPath.nullable().optional() });

/** PUT api/staff/carousel/order: every image id once, in the new order. */
export const carouselOrderBody = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(100) });

export const tagCreateBody = z.object({ name: label(60), url: storefrontPath });
export const tagPatchBody = tagCreateBody.partial();

export const transportCreateBody = z.object({ name: label(100), fatherId: z.number().int().min(1).nullable().default(null), isAble: z.boolean().default(true) });
export const transportPatchBody = z.object({ name: label(100).optional(), isAble: z.boolean().optional() });

export type StaffCarouselImage = z.output<typeof staffCarouselImageSchema>;
export type StaffTag = z.output<typeof staffTagSchema>;
