/**
 * The product editor's form model: text fields as typed, a zod schema (messages passed in, so they come
 * from next-intl) that mirrors the API's rules, and the conversion to the PATCH body. Pure.
 */
import { z } from 'zod';
import '@/lib/security/zod';
import type { ProductPatch, ProductState, StaffProductDetail } from '@/lib/admin/products';

export const MAX_OFFERS = 20;
const MAX_PRICE = 20_000_000;
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

/** "1.234,50" is not accepted (ambiguous); "1234,5" and "1234.50" are. */
export function parsePrice(raw: string): number | null {
  const s = raw.trim().replace(',', '.');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  return n <= MAX_PRICE ? n : null;
}

function parseInteger(raw: string, min: number): number | null {
  const s = raw.trim();
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= MAX_QTY ? n : null;
}

/** Shown with a decimal comma, as typed in Argentina (parsePrice accepts both). */
const fmt = (n: number) => String(n).replace('.', ',');

export function toFormValues(p: StaffProductDetail): ProductFormValues {
  return {
    price: fmt(p.price),
    discount: p.discount === null ? '' : fmt(p.discount),
    state: p.state,
    min: fmt(p.min),
    max: fmt(p.max),
    steps: fmt(Math.max(1, p.steps)),
    offers: p.offers.map((o) => ({ name: o.name, units: fmt(o.units), price: fmt(o.price), isVip: o.isVip, isStrict: o.isStrict })),
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
