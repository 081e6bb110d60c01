/**
 * Request bodies of the staff product tools (server/routes/staff/products/), shared by the routes and
 * server/services/staff-product*.ts; the query and the answers are the contract's (lib/contracts/staff-products.ts). The Spanish messages are server/errors.ts's: a rule of
 * ours that fails answers its own message (routes/staff/products/respond.ts).
 */
import { z } from 'zod';
import { toCents } from '../../lib/money';
import { MESSAGES } from '../errors';
import { slugify } from '../lib/text';
import { intString } from '../../lib/contracts/common';
import { PRODUCT_STATES } from '../../lib/contracts/staff-products';


/** Limits of the editor (also shown by the storefront form). */
const MAX_OFFERS = 20;
export const MAX_IMAGES = 12;
/** Longest side of a stored product image, in pixels (the /uploads proxy resizes down from it). */
export const IMAGE_MAX_SIDE = 1600;
/** Decompression-bomb guard: images with more pixels than this are refused before decoding. */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
const MAX_PRICE = 20_000_000;
const MAX_QTY = 100_000;


/** A peso amount with the given Spanish message: finite, ≥ 0, ≤ MAX_PRICE, at most 2 decimals. */
const pesos = (message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(MAX_PRICE, { error: message })
    // zod runs refinements after a failed max too: toCents throws beyond safe integers, so check the range first
    .refine((v) => Math.abs(v) <= MAX_PRICE && Math.abs(toCents(v) - v * 100) < 1e-6, { error: message });

const qty = z.number({ error: MESSAGES.productQuantityInvalid }).int({ error: MESSAGES.productQuantityInvalid }).min(0, { error: MESSAGES.productQuantityInvalid }).max(MAX_QTY, { error: MESSAGES.productQuantityInvalid });

const offerInput = z.object({
  name: z
    .string({ error: MESSAGES.offerNameRequired })
    .trim()
    .min(1, { error: MESSAGES.offerNameRequired })
    .max(100, { error: MESSAGES.offerNameRequired })
    .refine((s) => !s.includes('\u0000'), { error: MESSAGES.offerNameRequired }),
  units: z.number({ error: MESSAGES.offerUnitsInvalid }).int({ error: MESSAGES.offerUnitsInvalid }).min(1, { error: MESSAGES.offerUnitsInvalid }).max(MAX_QTY, { error: MESSAGES.offerUnitsInvalid }),
  price: pesos(MESSAGES.offerPriceInvalid),
  isVip: z.boolean().default(false),
  isStrict: z.boolean().default(false),
});

export const productPatchBody = z
  .object({
    price: pesos(MESSAGES.productPriceInvalid).optional(),
    /** the discounted unit price; null removes it */
    discount: pesos(MESSAGES.productPriceInvalid).nullable().optional(),
    state: z.enum(PRODUCT_STATES).optional(),
    min: qty.optional(),
    /** 0 = no maximum of its own (the shop default) */
    max: qty.optional(),
    steps: qty.min(1, { error: MESSAGES.productQuantityInvalid }).optional(),
    /** the whole list of tiers (replaces the current ones); parents and simple products only */
    offers: z.array(offerInput).max(MAX_OFFERS, { error: MESSAGES.offerTooMany }).optional(),
    /** ordered; the first is the canonical category (its URL); parents and simple products only */
    categoryIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).optional(),
  })
  .strict()
  .superRefine((b, ctx) => checkOfferDuplicates(b.offers, ctx));
export type ProductPatchBody = z.infer<typeof productPatchBody>;

/** Two tiers with the same units and the same kind (VIP or general) would be ambiguous. */
function checkOfferDuplicates(list: readonly { units: number; isVip: boolean }[] | undefined, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const o of list ?? []) {
    const key = `${o.units}:${o.isVip}`;
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.offerDuplicateUnits, path: ['offers'] });
      return;
    }
    seen.add(key);
  }
}

const MAX_VARIATIONS = 100;
/** lowercase words of a-z and 0-9 joined by single hyphens: what slugify produces */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const noNul = (s: string) => !s.includes('\u0000');

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message }).refine(noNul, { error: message });
const slugInput = z.string({ error: MESSAGES.productSlugInvalid }).trim().max(120, { error: MESSAGES.productSlugInvalid }).regex(SLUG_RE, { error: MESSAGES.productSlugInvalid });
const skuInput = z
  .string({ error: MESSAGES.productSkuInvalid })
  .trim()
  .max(40, { error: MESSAGES.productSkuInvalid })
  .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, { error: MESSAGES.productSkuInvalid });

const variationInput = z
  .object({
    name: text(MESSAGES.variationNameRequired, 100),
    sku: skuInput.optional(),
    price: pesos(MESSAGES.productPriceInvalid),
    discount: pesos(MESSAGES.productPriceInvalid).nullable().optional(),
    state: z.enum(PRODUCT_STATES).default('active'),
  })
  .strict();

export const productCreateBody = z
  .object({
    name: text(MESSAGES.productNameRequired, 200),
    /** the storefront address; slugify(name) when absent */
    slug: slugInput.optional(),
    /** generated (P-00042) when absent */
    sku: skuInput.optional(),
    /** markdown */
    description: z.string({ error: MESSAGES.productDescriptionTooLong }).max(20_000, { error: MESSAGES.productDescriptionTooLong }).refine(noNul, { error: MESSAGES.productDescriptionTooLong }).default(''),
    price: pesos(MESSAGES.productPriceInvalid),
    discount: pesos(MESSAGES.productPriceInvalid).nullable().optional(),
    state: z.enum(PRODUCT_STATES).default('active'),
    min: qty.default(0),
    max: qty.default(0),
    steps: qty.min(1, { error: MESSAGES.productQuantityInvalid }).default(1),
    offers: z.array(offerInput).max(MAX_OFFERS, { error: MESSAGES.offerTooMany }).default([]),
    categoryIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).default([]),
    /** what the variations vary on ("Aroma", "Color"); required with variations */
    variable: text(MESSAGES.variableNameRequired, 50).optional(),
    variations: z.array(variationInput).max(MAX_VARIATIONS, { error: MESSAGES.variationTooMany }).default([]),
  })
  .strict()
  .superRefine((b, ctx) => {
    checkOfferDuplicates(b.offers, ctx);
    if (b.variations.length && !b.variable) ctx.addIssue({ code: 'custom', message: MESSAGES.variableNameRequired, path: ['variable'] });
    const seen = new Set<string>();
    for (const v of b.variations) {
      // two names with the same address ("Sándalo" and "sandalo") are the same variation
      const key = slugify(v.name);
      if (!key) ctx.addIssue({ code: 'custom', message: MESSAGES.variationNameRequired, path: ['variations'] });
      else if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.variationDuplicate, path: ['variations'] });
        return;
      }
      seen.add(key);
    }
  });
export type ProductCreateBody = z.infer<typeof productCreateBody>;



export const archiveBody = z.object({ archived: z.boolean() }).strict();
/** every image id of the product, in the new order (the first is the main one) */
export const imageOrderBody = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(MAX_IMAGES * 2) }).strict();
export const imageParams = z.object({ id: intString(), imageId: intString() });
