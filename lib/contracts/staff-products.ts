/**
 * THE staff product tools' contract (GET api/staff/products, GET/PATCH/POST api/staff/products/:id…): the
 * list query, the list and the product detail, as the API declares and serializes them and as the
 * back-office reads them (lib/admin/products.ts, the editor's islands). The request bodies, whose rules
 * answer with the server's own messages, are in server/schemas/staff-products.ts. Pure zod.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { offerSchema } from './catalogue';
import { intString, searchText } from './common';
import { pagedSchema, quantityFields } from './shapes';

export const PRODUCT_STATES = ['active', 'limited', 'noStock', 'hidden'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

const stateSchema = z.enum(PRODUCT_STATES);

export const productListQuery = z.object({
  q: searchText()
    .optional()
    .describe('Nombre, SKU o id (también de sus variantes)'),
  state: stateSchema.optional(),
  category: intString().optional().describe('Id de categoría'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rows: z.coerce.number().int().min(1).max(100).default(25),
});

const categoryRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

/** What the list, a variation and the editor show of every product, in this order after its id. */
const productFields = {
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  discount: z.number().nullable(),
  state: stateSchema,
};

const listItemSchema = z.object({
  id: z.number().int(),
  ...productFields,
  isVisible: z.boolean(),
  isVariable: z.boolean(),
  variationCount: z.number().int(),
  offerCount: z.number().int(),
  image: z.string().nullable(),
  categories: z.array(z.string()),
  categorySlug: z.string().nullable(),
  updatedAt: z.string(),
});

export const productListSchema = pagedSchema(listItemSchema).extend({
  counts: z.record(stateSchema, z.number().int()).describe('Productos por estado (los cuatro, 0 si no hay)'),
  categories: z.array(categoryRef),
});

const imageSchema = z.object({ id: z.number().int(), url: z.string(), position: z.number().int() });
const variationSchema = z.object({
  id: z.number().int(),
  ...productFields,
  ...quantityFields,
});

export const productDetailSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  ...productFields,
  isVisible: z.boolean(),
  isVariable: z.boolean(),
  isVariation: z.boolean(),
  ...quantityFields,
  updatedAt: z.string(),
  parent: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  categories: z.array(categoryRef),
  images: z.array(imageSchema),
  offers: z.array(offerSchema),
  variations: z.array(variationSchema),
  /** every category, for the picker */
  categoryOptions: z.array(categoryRef),
});

export type CategoryRef = z.output<typeof categoryRef>;
export type ProductListQuery = z.output<typeof productListQuery>;
export type StaffProductList = z.output<typeof productListSchema>;
export type StaffProductDetail = z.output<typeof productDetailSchema>;
export type StaffVariation = z.output<typeof variationSchema>;
export type StaffProductImage = z.output<typeof imageSchema>;
