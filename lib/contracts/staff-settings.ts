/**
 * THE staff settings contract (api/staff/settings, …/carousel, …/tags, …/transports): the settings page's
 * answer, the carousel images, footer tags and transports as staff see them, and the bodies that change them.
 * The routes declare them (validation + OpenAPI, server/routes/staff/settings.ts) and the back-office's types
 * are inferred from them (lib/admin/settings-types.ts). Pure zod.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { staffConfigSchema } from './catalogue';
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
export type ShopSettings = z.output<typeof shopSettingsSchema>;
