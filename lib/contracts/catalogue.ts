/**
 * The catalogue's contract (spec §3, §7): one schema per wire shape gives the API its validation, response
 * serialization (unknown keys are stripped) and OpenAPI document, and the storefront its types (inferred
 * below) and the parser of every server-side read (lib/api/catalogue.ts). Money on the wire is a number of
 * pesos with at most two decimals; arithmetic on it happens in integer centavos (lib/money).
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { intString, MAX_INT32, textParam } from './common';
import { pagedSchema, quantityFields } from './shapes';

const productStateSchema = z.enum(['active', 'limited', 'noStock', 'hidden']);
const productSortSchema = z.enum(['name', 'newest', 'bestSellers', 'popular']);

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
  productCount: z.number().int().optional(),
});

const productImageSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('URL de la imagen en el host de la API, p. ej. /uploads/products/x.webp'),
});

/** A price tier; the staff editor reads the same shape (lib/contracts/staff-products.ts). */
export const offerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  units: z.number().int(),
  price: z.number(),
  isVip: z.boolean(),
  isStrict: z.boolean(),
});

const variableSchema = z.object({ id: z.number().int(), name: z.string() });

const variationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  SKU: z.string(),
  price: z.number(),
  discount: z.number().nullable(),
  regularPrice: z.number(),
  state: productStateSchema,
  ...quantityFields,
  VariableId: z.number().int().nullable(),
  Variable: variableSchema.nullable(),
});

const productBase = {
  id: z.number().int(),
  SKU: z.string(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  isOutstanding: z.boolean(),
  isVisible: z.boolean(),
  isAvailable: z.boolean(),
  isVariable: z.boolean(),
  isVariation: z.boolean(),
  isVip: z.boolean(),
  isCatalogable: z.boolean(),
  state: productStateSchema,
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  score: z.number(),
  price: z.number(),
  minPrice: z.number(),
  maxPrice: z.number(),
  discount: z.number().nullable(),
  variationCount: z.number().int(),
  ...quantityFields,
  sales: z.number().int(),
  Categories: z.array(categorySchema),
  ProductImages: z.array(productImageSchema),
  Offers: z.array(offerSchema),
  VariableId: z.number().int().nullable(),
  Variable: variableSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  parentId: z.number().int().nullable().optional(),
};

export const productSchema = z.object({
  ...productBase,
  description: z.string().describe('markdown'),
  Variations: z.array(variationSchema),
});

/** List items: no description and no Variations (size). */
const productListItemSchema = z.object(productBase);

/** "¿Quisiste decir …?": the closest query the catalogue can answer, when a search found nothing. */
const didYouMeanSchema = z.string().nullable().describe('Sugerencia cuando la búsqueda no encontró nada');

/** GET api/products: a catalogue page. */
export const productPageSchema = pagedSchema(productListItemSchema).extend({ didYouMean: didYouMeanSchema });

/** GET api/products/search: the search dropdown's few results. */
export const searchResultSchema = z.object({ items: z.array(productListItemSchema), didYouMean: didYouMeanSchema });

export const configSchema = z.object({
  minOrderPrice: z.number(),
  minLocalPrice: z.number(),
  maintaince: z.boolean(),
});

/** What staff read and change (GET/PATCH api/staff/config): the public config and the order deadlines (issue 24 §1). */
export const staffConfigSchema = configSchema.extend({
  budgetValidDays: z.number().int().describe('Días en que se puede aceptar un presupuesto'),
  paymentDueDays: z.number().int().describe('Días para mandar el comprobante de un pedido aceptado'),
});

export const tagSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string() });

export const carouselImageSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('URL de la imagen'),
  alt: z.string(),
  url: z.string().nullable().describe('destino del enlace'),
  order: z.number().int(),
});

const cartLookupHiddenSchema = z.object({ id: z.number().int(), state: z.literal('hidden') });

const cartLookupVisibleSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  parentName: z.string().nullable(),
  price: z.number(),
  discount: z.number().nullable(),
  state: productStateSchema.exclude(['hidden']),
  ...quantityFields,
  Offers: z.array(offerSchema),
  image: z.string().nullable(),
});

/** A hidden product shows only that it is hidden: its name and price are not public (issue 19 item 15). */
export const cartLookupItemSchema = z.union([cartLookupHiddenSchema, cartLookupVisibleSchema]);

/* ------------------------------------------------------------------ inputs */

/** Largest page size we serve; larger (but sane) `rows` values are capped to it. */
const MAX_ROWS = 100;
/** Anything above these is a malformed request, not a big page. */
const ROWS_LIMIT = 1000;
const PAGE_LIMIT = 1_000_000;

const slugLike = textParam(200, 1);

export const productListQuery = z.object({
  rows: intString(ROWS_LIMIT)
    .transform((n) => Math.min(n, MAX_ROWS))
    .optional()
    .default(12)
    .describe(`Productos por página (1–${MAX_ROWS}, por defecto 12; valores mayores se limitan a ${MAX_ROWS})`),
  page: intString(PAGE_LIMIT).optional().default(1).describe('Página (desde 1)'),
  Categories: textParam(500)
    .optional()
    .describe('Slug de categoría (o varios separados por coma)'),
  sort: productSortSchema
    .optional()
    .describe('name (por defecto), newest, bestSellers o popular; con `query` y sin sort: relevancia'),
  query: textParam(100).optional().describe('Texto a buscar (sin distinguir mayúsculas ni acentos)'),
});

export const searchQuery = z.object({
  query: textParam(100).optional().default('').describe('Texto a buscar; vacío devuelve una lista vacía'),
});

export const slugParams = z.object({ slug: slugLike });
export const skuParams = z.object({ sku: slugLike });

/** Max ids per lookup (a cart has far fewer lines). */
const MAX_LOOKUP_IDS = 200;

export const lookupQuery = z.object({
  ids: z
    .string()
    .regex(/^[0-9]{1,10}(,[0-9]{1,10})*$/)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().int().min(1).max(MAX_INT32)).min(1).max(MAX_LOOKUP_IDS))
    .describe(`Ids de productos o variaciones separados por coma (máx. ${MAX_LOOKUP_IDS})`),
});

/* ------------------------------------------------------------------ types */

export type ProductState = z.output<typeof productStateSchema>;
export type ProductSort = z.output<typeof productSortSchema>;
export type Category = z.output<typeof categorySchema>;
/** A price tier: `units` or more units (summed over all children of a parent) pay `price` each. */
export type Offer = z.output<typeof offerSchema>;
export type Variation = z.output<typeof variationSchema>;
export type Product = z.output<typeof productSchema>;
/** List items carry the product's shape without its description and variations (size). */
export type ProductListItem = z.output<typeof productListItemSchema>;
/** A catalogue page; with a search that found nothing, the closest query that finds something. */
export type ProductPage = z.output<typeof productPageSchema>;
export type Config = z.output<typeof configSchema>;
export type StaffConfig = z.output<typeof staffConfigSchema>;
export type Tag = z.output<typeof tagSchema>;
export type CarouselImage = z.output<typeof carouselImageSchema>;
/**
 * GET api/products/lookup?ids=1,2,3 — current price and state of cart lines (products or variations).
 * Hidden items are `{ id, state: 'hidden' }` only (their name and price are not public); unknown ids are omitted.
 */
export type CartLookupItem = z.output<typeof cartLookupItemSchema>;
export type CartLookupVisible = z.output<typeof cartLookupVisibleSchema>;
