/**
 * The checkout wizard's step logic (spec §2 Checkout), pure: which steps a delivery type walks, where
 * Continue and Back go, and which step the URL may show (`?step=`) given what has been chosen so far.
 */
import type { Destination, ShippingZone } from '@/lib/orders/shipping';

export const DELIVERY_TYPES = ['pickup', 'depot', 'address'] as const;
/** pickup at the shop (toSucc), transport to a depot, transport to an address. */
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

const ALL_STEPS = ['delivery', 'transport', 'address', 'billing', 'summary'] as const;
export type CheckoutStep = (typeof ALL_STEPS)[number];

function isDeliveryType(v: unknown): v is DeliveryType {
  return typeof v === 'string' && (DELIVERY_TYPES as readonly string[]).includes(v);
}
function isCheckoutStep(v: unknown): v is CheckoutStep {
  return typeof v === 'string' && (ALL_STEPS as readonly string[]).includes(v);
}

/** Transport choice: a listed company, or 'Otro' with a free-text name (transportId -1). */
export type TransportChoice = { kind: 'listed'; id: number; name: string } | { kind: 'other'; name: string };

export interface CheckoutChoices {
  delivery: DeliveryType | null;
  transport: TransportChoice | null;
  addressId: number | null;
  billingId: number | null;
  /** a shipment's zone as the customer said in the cart, until an address's province decides it */
  shipTo: 'caba' | 'interior' | null;
}

export const EMPTY_CHOICES: CheckoutChoices = { delivery: null, transport: null, addressId: null, billingId: null, shipTo: null };

/** What the minimum rule (lib/orders minimumStanding) knows of the destination from these choices. */
export function destinationOf(c: CheckoutChoices, province?: string | null): Destination {
  if (c.delivery === 'pickup') return { toSucc: true };
  return { toSucc: c.delivery === null ? null : false, province: province ?? null, zone: c.shipTo };
}

/** The zone picked in the cart: pickup is a delivery type; CABA / interior a shipment not detailed yet. */
export function withCartZone(c: CheckoutChoices, zone: ShippingZone): CheckoutChoices {
  if (zone === 'pickup') return withDelivery(c, 'pickup');
  return { ...c, shipTo: zone, delivery: c.delivery === 'pickup' ? null : c.delivery };
}

/** The cart's zone radio value for these choices. */
export function cartZoneOf(c: CheckoutChoices): ShippingZone | null {
  return c.delivery === 'pickup' ? 'pickup' : c.shipTo;
}

/**
 * The steps a delivery type walks (no type yet: the full list, for the progress bar). Every shipment
 * needs a saved address (the API refuses toSucc false without one: it decides the zone — CABA or
 * interior, IIBB Misiones — and, for a depot, the city whose depot receives the parcel).
 */
export function stepsFor(delivery: DeliveryType | null): CheckoutStep[] {
  if (delivery === 'pickup') return ['delivery', 'billing', 'summary'];
  return ['delivery', 'transport', 'address', 'billing', 'summary'];
}

function isTransportChoiceComplete(t: TransportChoice | null): boolean {
  if (!t) return false;
  return t.kind === 'listed' ? Number.isInteger(t.id) && t.id > 0 : t.name.trim().length > 0;
}

/** Whether a step's choice is made (the summary is never "complete": it sends). */
export function isStepComplete(step: CheckoutStep, c: CheckoutChoices): boolean {
  switch (step) {
    case 'delivery':
      return c.delivery !== null;
    case 'transport':
      return isTransportChoiceComplete(c.transport);
    case 'address':
      return c.addressId !== null;
    case 'billing':
      return c.billingId !== null;
    default:
      return false;
  }
}

/** The first step of the walk whose choice is missing (the summary when everything is chosen). */
export function firstIncompleteStep(c: CheckoutChoices): CheckoutStep {
  for (const step of stepsFor(c.delivery)) if (!isStepComplete(step, c)) return step;
  return 'summary';
}

/**
 * The step to show for a `?step=` value: an unknown value, a step outside the walk, or one whose
 * earlier steps are not chosen yet falls back to the first incomplete step.
 */
export function resolveStep(raw: string | null | undefined, c: CheckoutChoices): CheckoutStep {
  const walk = stepsFor(c.delivery);
  const limit = firstIncompleteStep(c);
  if (!isCheckoutStep(raw) || !walk.includes(raw)) return limit;
  return walk.indexOf(raw) <= walk.indexOf(limit) ? raw : limit;
}

export function nextStep(step: CheckoutStep, delivery: DeliveryType | null): CheckoutStep | null {
  const walk = stepsFor(delivery);
  const i = walk.indexOf(step);
  return i >= 0 && i < walk.length - 1 ? walk[i + 1] : null;
}

export function previousStep(step: CheckoutStep, delivery: DeliveryType | null): CheckoutStep | null {
  const walk = stepsFor(delivery);
  const i = walk.indexOf(step);
  return i > 0 ? walk[i - 1] : null;
}

/** The URL of a step (keeps other query parameters). */
export function stepHref(pathname: string, search: string, step: CheckoutStep): string {
  const params = new URLSearchParams(search);
  params.set('step', step);
  return `${pathname}?${params.toString()}`;
}

/** Choices that no longer apply after a delivery type change are dropped. */
export function withDelivery(c: CheckoutChoices, delivery: DeliveryType): CheckoutChoices {
  return {
    ...c,
    delivery,
    transport: delivery === 'pickup' ? null : c.transport,
    addressId: delivery === 'pickup' ? null : c.addressId,
  };
}

/** The order creation payload's shipping fields (spec §3 defaults: addressId 1, transportId -1, otherTransport null, toSucc true). */
export function shippingFields(c: CheckoutChoices): {
  toSucc: boolean;
  transportId: number;
  otherTransport: string | null;
  addressId?: number;
} {
  if (c.delivery === 'pickup' || c.delivery === null) return { toSucc: true, transportId: -1, otherTransport: null };
  const t = c.transport;
  const transport =
    t?.kind === 'listed' ? { transportId: t.id, otherTransport: null } : { transportId: -1, otherTransport: t?.name.trim() || null };
  return {
    toSucc: false,
    ...transport,
    ...(c.addressId !== null ? { addressId: c.addressId } : {}),
  };
}

/* ---------------------------------------------------------------- storage */

export const CHECKOUT_STORAGE_KEY = 'checkout';

/** Choices kept in sessionStorage so a reload or the browser's Back keep the wizard where it was. */
export function parseStoredChoices(raw: string | null): CheckoutChoices {
  if (!raw) return EMPTY_CHOICES;
  try {
    const o = JSON.parse(raw) as Partial<Record<keyof CheckoutChoices, unknown>>;
    const t = o.transport as TransportChoice | null | undefined;
    const transport: TransportChoice | null =
      t && t.kind === 'listed' && typeof t.id === 'number' && typeof t.name === 'string'
        ? { kind: 'listed', id: t.id, name: t.name }
        : t && t.kind === 'other' && typeof t.name === 'string'
          ? { kind: 'other', name: t.name }
          : null;
    return {
      delivery: isDeliveryType(o.delivery) ? o.delivery : null,
      transport,
      addressId: typeof o.addressId === 'number' ? o.addressId : null,
      billingId: typeof o.billingId === 'number' ? o.billingId : null,
      shipTo: o.shipTo === 'caba' || o.shipTo === 'interior' ? o.shipTo : null,
    };
  } catch {
    return EMPTY_CHOICES;
  }
}

/** The stored choices (sessionStorage; empty when blocked or absent). Browser only. */
export function readStoredChoices(): CheckoutChoices {
  try {
    return parseStoredChoices(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY));
  } catch {
    return EMPTY_CHOICES;
  }
}

export function writeStoredChoices(c: CheckoutChoices): void {
  try {
    window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(c));
  } catch {
    /* storage full or blocked: the choices live in memory only */
  }
}

/* ------------------------------------------------------- last used records */

const LAST_USED_STORAGE_KEY = 'checkoutLastUsed';

export interface LastUsed {
  addressId: number | null;
  billingId: number | null;
}

/** The address and billing record of the last order sent from this browser (localStorage). */
export function readLastUsed(): LastUsed {
  try {
    const o = JSON.parse(window.localStorage.getItem(LAST_USED_STORAGE_KEY) ?? 'null') as Partial<LastUsed> | null;
    return {
      addressId: typeof o?.addressId === 'number' ? o.addressId : null,
      billingId: typeof o?.billingId === 'number' ? o.billingId : null,
    };
  } catch {
    return { addressId: null, billingId: null };
  }
}

export function writeLastUsed(v: LastUsed): void {
  try {
    const prev = readLastUsed();
    window.localStorage.setItem(LAST_USED_STORAGE_KEY, JSON.stringify({ addressId: v.addressId ?? prev.addressId, billingId: v.billingId ?? prev.billingId }));
  } catch {
    /* blocked storage: nothing to remember */
  }
}

/** Which saved record to preselect: the customer's default (profile), else the last used, else the only one. */
export function preferredId(list: readonly { id: number; isDefault?: boolean }[], lastId: number | null): number | null {
  const byDefault = list.find((x) => x.isDefault);
  if (byDefault) return byDefault.id;
  if (lastId !== null && list.some((x) => x.id === lastId)) return lastId;
  return list.length === 1 ? list[0]!.id : null;
}
