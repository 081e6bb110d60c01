/**
 * Delivery zones and order minimums (spec §1, §5 "Ordering", §9). All amounts are integer centavos.
 *
 * Zones:
 * - pickup: `toSucc` (the customer collects at the shop, "sucursal");
 * - caba: shipped to an address in the Ciudad Autónoma de Buenos Aires (also written "CABA",
 *   "Capital Federal"), compared without case or accents;
 * - interior: shipped anywhere else (including the province of Buenos Aires).
 *
 * Minimums, compared with the order's goods total as priced by lib/pricing (net, before VAT):
 * - pickup: minLocalPrice (default $ 50.000);
 * - caba: minOrderPrice (default $ 100.000);
 * - interior: minOrderPrice plus 21 % VAT ("Interior shipments must reach the minimum plus VAT"), e.g.
 *   $ 121.000 with the default.
 * The 4.5 % IIBB surcharge applies to shipments (not pickups) to the province of Misiones.
 */
import { withVat, type Cents } from '../money';

export const DEFAULT_MIN_ORDER_CENTS: Cents = 10_000_000;
export const DEFAULT_MIN_LOCAL_CENTS: Cents = 5_000_000;

export type ShippingZone = 'pickup' | 'caba' | 'interior';

/** Lowercase, accents stripped, punctuation as spaces, single spaces. */
export function normalizeProvince(province: string | null | undefined): string {
  return (province ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const CABA_NAMES = new Set([
  'ciudad autonoma de buenos aires',
  'caba',
  'c a b a',
  'capital federal',
  'ciudad de buenos aires',
]);

export function isCaba(province: string | null | undefined): boolean {
  return CABA_NAMES.has(normalizeProvince(province));
}

export function isMisiones(province: string | null | undefined): boolean {
  const p = normalizeProvince(province);
  return p === 'misiones' || p === 'provincia de misiones';
}

export function shippingZone(input: { toSucc: boolean; province?: string | null }): ShippingZone {
  if (input.toSucc) return 'pickup';
  return isCaba(input.province) ? 'caba' : 'interior';
}

/** IIBB Misiones applies to shipments (not pickups) to Misiones. */
export function appliesIibbMisiones(input: { toSucc: boolean; province?: string | null }): boolean {
  return !input.toSucc && isMisiones(input.province);
}

export interface MinimumsConfig {
  /** config.minOrderPrice in centavos (null/undefined → default) */
  minOrderCents?: Cents | null;
  /** config.minLocalPrice in centavos (null/undefined → default) */
  minLocalCents?: Cents | null;
}

/** The minimum goods total for a zone, in centavos. */
export function requiredMinimumCents(zone: ShippingZone, config: MinimumsConfig = {}): Cents {
  const minOrder = config.minOrderCents ?? DEFAULT_MIN_ORDER_CENTS;
  const minLocal = config.minLocalCents ?? DEFAULT_MIN_LOCAL_CENTS;
  if (zone === 'pickup') return minLocal;
  if (zone === 'caba') return minOrder;
  return withVat(minOrder);
}

export interface MinimumCheck {
  ok: boolean;
  zone: ShippingZone;
  requiredCents: Cents;
  /** the minimum includes the 21 % VAT (interior) */
  includesVat: boolean;
  /** how much is missing (0 when ok) */
  shortByCents: Cents;
}

/** THE minimum rule: the API (POST api/order), the cart and every checkout step call this one function. */
export function checkMinimum(goodsCents: Cents, zone: ShippingZone, config: MinimumsConfig = {}): MinimumCheck {
  const requiredCents = requiredMinimumCents(zone, config);
  const shortByCents = Math.max(0, requiredCents - goodsCents);
  return { ok: shortByCents === 0, zone, requiredCents, includesVat: zone === 'interior', shortByCents };
}

/**
 * Where the order goes, as far as the customer has said so far: `toSucc` null = not chosen yet; a
 * shipment's `province` (from the chosen address) decides CABA or interior; before that, `zone` is the
 * customer's own pick in the cart.
 */
export interface Destination {
  toSucc: boolean | null;
  province?: string | null;
  zone?: ShippingZone | null;
}

/** The zones the order may still end up in (one once the destination is known). */
export function possibleZones(d: Destination): ShippingZone[] {
  if (d.toSucc === true) return ['pickup'];
  if (d.toSucc === false) {
    if (d.province && d.province.trim()) return [shippingZone({ toSucc: false, province: d.province })];
    return d.zone === 'caba' || d.zone === 'interior' ? [d.zone] : ['caba', 'interior'];
  }
  return d.zone ? [d.zone] : ['pickup', 'caba', 'interior'];
}

export interface MinimumStanding {
  /** one check per zone still possible */
  checks: MinimumCheck[];
  /** the check that applies, once only one zone is possible */
  applies: MinimumCheck | null;
  /** false when the API would refuse the order (known zone below its minimum, or below every minimum) */
  canSend: boolean;
}

export function minimumStanding(goodsCents: Cents, d: Destination, config: MinimumsConfig = {}): MinimumStanding {
  const checks = possibleZones(d).map((zone) => checkMinimum(goodsCents, zone, config));
  const applies = checks.length === 1 ? checks[0]! : null;
  return { checks, applies, canSend: applies ? applies.ok : checks.some((c) => c.ok) };
}

const MINIMUMS_MESSAGES = {
  localAboveOrder: 'El mínimo para retirar en el local no puede ser mayor que la compra mínima',
} as const;

/** Settings check (API and the staff form): the pickup minimum may not exceed the order minimum. */
export function minimumsError(minOrderCents: Cents, minLocalCents: Cents): string | null {
  return minLocalCents > minOrderCents ? MINIMUMS_MESSAGES.localAboveOrder : null;
}
