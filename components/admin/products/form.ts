/**
 * The product editor's form model: text fields as typed, a zod schema (messages passed in, so they come
 * from next-intl) that mirrors the API's rules, and the conversion to the PATCH body. Pure.
 */
import { z } from 'zod';
import '@/lib/security/zod';
import type { ProductCreate, ProductPatch, ProductState, StaffProductDetail } from '@/lib/admin/products';
import { formatAmountInput, MAX_PRICE_PESOS, parsePesosInput } from '@/lib/money/parse';

export const MAX_OFFERS = 20;
const MAX_PRICE = MAX_PRICE_PESOS;
const MAX_QTY = 100_000;

interface OfferField {
  name: string;
  units: string;
  price: string;
  isVip: boolean;
  isStrict: boolean;
}

export interface ProductFormValues {
  price: string;
  discount: string;
  state: ProductState;
  min: string;
  max: string;
  steps: string;
  offers: OfferField[];
  categoryIds: number[];
}

export type FormMessages = Record<
  'price' | 'discount' | 'qty' | 'steps' | 'maxBelowMin' | 'stepsDoNotFit' | 'offerName' | 'offerUnits' | 'offerDuplicate',
  string
>;

/** A price as the shop types it ("21.500", "21.500,50", "21,5"): lib/money/parse, the one reader of amounts. */
export const parsePrice = (raw: string): number | null => parsePesosInput(raw, MAX_PRICE);

function parseInteger(raw: string, min: number): number | null {
  const s = raw.trim();
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= MAX_QTY ? n : null;
}

/** Quantities as plain digits; amounts as the shop writes them ("21.500", "15.682,50"), which parsePrice reads back. */
const fmt = (n: number) => String(n);
const money = formatAmountInput;

export function toFormValues(p: StaffProductDetail): ProductFormValues {
  return {
    price: money(p.price),
    discount: p.discount === null ? '' : money(p.discount),
    state: p.state,
    min: fmt(p.min),
    max: fmt(p.max),
    steps: fmt(Math.max(1, p.steps)),
    offers: p.offers.map((o) => ({ name: o.name, units: fmt(o.units), price: money(o.price), isVip: o.isVip, isStrict: o.isStrict })),
    categoryIds: p.categories.map((c) => c.id),
  };
}

export function productFormSchema(m: FormMessages) {
  const offer = z.object({
    name: z.string().trim().min(1, m.offerName).max(100, m.offerName),
    units: z.string().refine((s) => parseInteger(s, 1) !== null, m.offerUnits),
    price: z.string().refine((s) => parsePrice(s) !== null, m.price),
    isVip: z.boolean(),
    isStrict: z.boolean(),
  });
  return z
    .object({
      price: z.string().refine((s) => parsePrice(s) !== null, m.price),
      discount: z.string().refine((s) => s.trim() === '' || parsePrice(s) !== null, m.price),
      state: z.enum(['active', 'limited', 'noStock', 'hidden']),
      min: z.string().refine((s) => parseInteger(s, 0) !== null, m.qty),
      max: z.string().refine((s) => parseInteger(s, 0) !== null, m.qty),
      steps: z.string().refine((s) => parseInteger(s, 1) !== null, m.steps),
      offers: z.array(offer).max(MAX_OFFERS),
      categoryIds: z.array(z.number().int()),
    })
    .superRefine((v, ctx) => {
      const price = parsePrice(v.price);
      const discount = v.discount.trim() === '' ? null : parsePrice(v.discount);
      if (price !== null && discount !== null && discount >= price) ctx.addIssue({ code: 'custom', path: ['discount'], message: m.discount });
      const min = parseInteger(v.min, 0);
      const max = parseInteger(v.max, 0);
      const steps = parseInteger(v.steps, 1);
      if (min !== null && max !== null && max > 0 && max < min) ctx.addIssue({ code: 'custom', path: ['max'], message: m.maxBelowMin });
      else if (min !== null && max !== null && steps !== null && max > 0 && Math.ceil(Math.max(min, 1) / steps) * steps > max) {
        ctx.addIssue({ code: 'custom', path: ['steps'], message: m.stepsDoNotFit });
      }
      const seen = new Map<string, number>();
      v.offers.forEach((o, i) => {
        const units = parseInteger(o.units, 1);
        if (units === null) return;
        const key = `${units}:${o.isVip}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['offers', i, 'units'], message: m.offerDuplicate });
        else seen.set(key, i);
      });
    });
}

/** The PATCH body (a variation never sends tiers or categories: they are its parent's). */
export function toPatch(v: ProductFormValues, isVariation: boolean): ProductPatch {
  const patch: ProductPatch = {
    price: parsePrice(v.price)!,
    discount: v.discount.trim() === '' ? null : parsePrice(v.discount)!,
    state: v.state,
    min: parseInteger(v.min, 0)!,
    max: parseInteger(v.max, 0)!,
    steps: parseInteger(v.steps, 1)!,
  };
  if (!isVariation) {
    patch.offers = [...v.offers]
      .map((o) => ({ name: o.name.trim(), units: parseInteger(o.units, 1)!, price: parsePrice(o.price)!, isVip: o.isVip, isStrict: o.isStrict }))
      .sort((a, b) => a.units - b.units || Number(a.isVip) - Number(b.isVip));
    patch.categoryIds = v.categoryIds;
  }
  return patch;
}

/** What the editor warns about before saving a price (issue 32, item 5): nothing here blocks the save. */
export interface PriceWarnings {
  /** units of the tiers whose price is no longer below the product's price (they would cost more, not less) */
  tiersNotBelow: number[];
  /** the new price is less than a fifth of the saved one: typically a thousands separator typed as a decimal */
  bigDrop: { before: number; after: number } | null;
}

export function priceWarnings(v: Pick<ProductFormValues, 'price' | 'offers'>, savedPrice: number): PriceWarnings {
  const price = parsePrice(v.price);
  if (price === null) return { tiersNotBelow: [], bigDrop: null };
  const tiersNotBelow = v.offers
    .map((o) => ({ units: parseInteger(o.units, 1), price: parsePrice(o.price) }))
    .filter((o): o is { units: number; price: number } => o.units !== null && o.price !== null && o.price >= price)
    .map((o) => o.units)
    .sort((a, b) => a - b);
  const bigDrop = savedPrice > 0 && price < savedPrice / 5 ? { before: savedPrice, after: price } : null;
  return { tiersNotBelow, bigDrop };
}

/* ------------------------------------------------------------- create */

/** The "Nuevo producto" form: the editor's fields plus name, description and optional variations. */
export interface ProductCreateValues extends ProductFormValues {
  name: string;
  description: string;
  variable: string;
  variations: { name: string; price: string }[];
}

export type CreateFormMessages = FormMessages & Record<'name' | 'variable' | 'variationName' | 'variationDuplicate', string>;

export const emptyCreateValues = (): ProductCreateValues => ({
  name: '',
  description: '',
  price: '',
  discount: '',
  state: 'active',
  min: '0',
  max: '0',
  steps: '1',
  offers: [],
  categoryIds: [],
  variable: '',
  variations: [],
});

/** Same rules as the API's productCreateBody (amounts through parsePrice, like the editor). */
export function productCreateSchema(m: CreateFormMessages) {
  const base = productFormSchema(m);
  const extra = z.object({
    name: z.string().trim().min(1, m.name).max(200, m.name),
    description: z.string().max(20_000),
    variable: z.string().trim().max(50, m.variable),
    variations: z.array(z.object({ name: z.string().trim().min(1, m.variationName).max(100, m.variationName), price: z.string().refine((s) => parsePrice(s) !== null, m.price) })).max(100),
  });
  return z.intersection(base, extra).superRefine((v, ctx) => {
    if (v.variations.length && v.variable.trim() === '') ctx.addIssue({ code: 'custom', path: ['variable'], message: m.variable });
    const seen = new Set<string>();
    v.variations.forEach((x, i) => {
      const key = x.name.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
      if (key && seen.has(key)) ctx.addIssue({ code: 'custom', path: ['variations', i, 'name'], message: m.variationDuplicate });
      seen.add(key);
    });
  });
}

/** The POST body: the editor's conversion for the shared fields, plus the create-only ones. */
export function toCreateBody(v: ProductCreateValues): ProductCreate {
  const patch = toPatch(v, false);
  const body: ProductCreate = {
    name: v.name.trim(),
    description: v.description,
    price: patch.price!,
    discount: patch.discount ?? null,
    state: patch.state!,
    min: patch.min!,
    max: patch.max!,
    steps: patch.steps!,
    offers: patch.offers ?? [],
    categoryIds: patch.categoryIds ?? [],
  };
  if (v.variations.length) {
    body.variable = v.variable.trim();
    body.variations = v.variations.map((x) => ({ name: x.name.trim(), price: parsePrice(x.price)! }));
  }
  return body;
}
