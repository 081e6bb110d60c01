/**
 * Typed calls and wire → domain normalizers for checkout and orders (spec §3 Shipping option, Address,
 * Billing data, Transport, Order, Order creation payload; §7 "Orders and data").
 *
 * Browser-side calls go through `publicRequest` (lib/api/public.ts: Bearer token, envelope, errors as
 * PublicApiError). The normalizers are pure and tolerant (money as peso numbers, dates as ISO strings),
 * so the server page can use them on `apiGet` answers too.
 */
import { IDEMPOTENCY_KEY_HEADER } from './order-attempt';
import { publicRequest, PublicApiError } from './public';
import { customerActions, isOrderState, type OrderState } from '@/lib/orders/states';
import { canUploadProof } from '@/lib/orders/documents';
import { DOCUMENT_TYPES, type DocumentType } from '@/lib/validation/cuit';

/* ------------------------------------------------------------------ types */

export { ORDER_STATES, isOrderState, type OrderState } from '@/lib/orders/states';

/** Spec §3 Shipping option: GET api/transport/names. */
export interface TransportOption {
  id: number;
  name: string;
  fatherId: number | null;
  isAble: boolean;
}

/** Spec §3 Address. */
export interface AddressInput {
  province: string;
  city: string;
  street: string;
  number: string;
  postalCode: string;
  floor?: string | null;
  extraData?: string | null;
}
export interface Address extends AddressInput {
  id: number;
  state?: string;
}

export { DOCUMENT_TYPES, type DocumentType };

export interface BillingInput {
  taxCondition: string;
  documentType: DocumentType;
  number: string;
}
export interface BillingData extends BillingInput {
  id: number;
}

/** Spec §3 Order creation payload (defaults addressId 1, transportId -1, otherTransport null, toSucc true). */
export interface OrderCreatePayload {
  products: { id: number; quantity: number }[];
  billingDataId: number;
  addressId?: number;
  transportId?: number;
  otherTransport?: string | null;
  toSucc?: boolean;
}

export interface OrderItem {
  id: number;
  productId: number | null;
  name: string;
  variation: string | null;
  quantity: number;
  /** pesos */
  unitPrice: number;
  /** pesos */
  lineTotal: number;
}

export interface OrderHistoryEntry {
  from: OrderState | null;
  to: OrderState;
  at: string;
}

export type DocumentKind = 'budget' | 'remit' | 'bill' | 'proof' | 'other';
export interface OrderDocument {
  id: number;
  kind: DocumentKind;
  trackingNumber: string | null;
  hasFile: boolean;
  name: string | null;
  createdAt: string | null;
}

export interface OrderSummary {
  id: number;
  number: number;
  state: OrderState;
  createdAt: string | null;
  /** pesos */
  total: number;
  totalBoxes: number;
  itemCount: number;
}

export interface Order extends OrderSummary {
  budgetSentAt: string | null;
  confirmedAt: string | null;
  toSucc: boolean;
  transportName: string | null;
  address: Address | null;
  subtotal: number;
  priceWithVat: number;
  vat: number;
  iibb: number;
  bonus: number;
  finalTotal: number;
  totalPrice: number;
  missingStatus: 'complete' | 'incomplete' | 'missing' | null;
  items: OrderItem[];
  history: OrderHistoryEntry[];
  documents: OrderDocument[];
  billing: BillingData | null;
  /** Additions still allowed (null = unlimited), and whether the API said so. */
  additionsRemaining: number | null;
  additionsKnown: boolean;
  /** The customer's buttons in this state (the API's answer; falls back to lib/orders' table). */
  actions: { accept: boolean; cancel: boolean; finish: boolean; add: boolean; uploadProof: boolean };
}

/* ------------------------------------------------------------ normalizers */

type Raw = Record<string, unknown>;

function obj(v: unknown): Raw {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {};
}
function pick(o: Raw, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return undefined;
}
function num(v: unknown, fallback = 0): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}
function str(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return null;
}
function date(v: unknown): string | null {
  if (typeof v === 'string' && v) return v;
  if (v instanceof Date) return v.toISOString();
  return null;
}
/** A peso amount, from pesos (`name`) or centavos (`nameCents`). */
function money(o: Raw, ...names: string[]): number | undefined {
  for (const n of names) {
    if (o[n] !== undefined && o[n] !== null) return num(o[n]);
    const c = o[`${n}Cents`];
    if (c !== undefined && c !== null) return num(c) / 100;
  }
  return undefined;
}
function list(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  const o = obj(v);
  if (Array.isArray(o.items)) return o.items;
  return [];
}

export function normalizeTransport(raw: unknown): TransportOption | null {
  const o = obj(raw);
  const id = num(o.id, NaN);
  const name = str(o.name);
  if (!Number.isFinite(id) || !name) return null;
  const father = pick(o, 'fatherId', 'father_id');
  return { id, name, fatherId: father === undefined ? null : num(father, 0) || null, isAble: o.isAble !== false };
}

export function normalizeAddress(raw: unknown): Address | null {
  const o = obj(raw);
  const id = num(o.id, NaN);
  if (!Number.isFinite(id)) return null;
  return {
    id,
    province: str(o.province) ?? '',
    city: str(o.city) ?? '',
    street: str(o.street) ?? '',
    number: str(o.number) ?? '',
    postalCode: str(pick(o, 'postalCode', 'postal_code')) ?? '',
    floor: str(o.floor),
    extraData: str(o.extraData),
    state: str(o.state) ?? undefined,
  };
}

export function normalizeBilling(raw: unknown): BillingData | null {
  const o = obj(raw);
  const id = num(o.id, NaN);
  if (!Number.isFinite(id)) return null;
  const type = str(o.documentType);
  return {
    id,
    taxCondition: str(o.taxCondition) ?? '',
    documentType: (DOCUMENT_TYPES as readonly string[]).includes(type ?? '') ? (type as DocumentType) : 'CUIT',
    number: str(pick(o, 'number', 'documentNumber')) ?? '',
  };
}

function normalizeItem(raw: unknown, index: number): OrderItem {
  const o = obj(raw);
  const product = obj(pick(o, 'product', 'Product'));
  const quantity = num(pick(o, 'quantity', 'units'), 0);
  const unitPrice = money(o, 'unitPrice', 'price') ?? money(product, 'price') ?? 0;
  const lineTotal = money(o, 'lineTotal', 'total') ?? Math.round(unitPrice * quantity * 100) / 100;
  return {
    id: num(o.id, index + 1),
    productId: num(pick(o, 'productId', 'ProductId') ?? product.id, 0) || null,
    name: str(pick(o, 'name', 'productName')) ?? str(product.name) ?? '',
    variation: str(pick(o, 'variation', 'variationName')) ?? null,
    quantity,
    unitPrice,
    lineTotal,
  };
}

function normalizeHistory(raw: unknown): OrderHistoryEntry | null {
  const o = obj(raw);
  const to = pick(o, 'toState', 'to', 'state');
  if (!isOrderState(to)) return null;
  const from = pick(o, 'fromState', 'from');
  return { from: isOrderState(from) ? from : null, to, at: date(pick(o, 'at', 'createdAt')) ?? '' };
}

function normalizeDocument(raw: unknown): OrderDocument | null {
  const o = obj(raw);
  const id = num(o.id, NaN);
  const kind = str(pick(o, 'kind', 'type'));
  if (!Number.isFinite(id) || !kind) return null;
  const known: DocumentKind[] = ['budget', 'remit', 'bill', 'proof', 'other'];
  return {
    id,
    kind: (known as string[]).includes(kind) ? (kind as DocumentKind) : 'other',
    trackingNumber: str(o.trackingNumber),
    hasFile: Boolean(pick(o, 'hasFile', 'fileUrl', 'file', 'url')),
    name: str(pick(o, 'fileName', 'name')),
    createdAt: date(o.createdAt),
  };
}

function normalizeActions(raw: unknown, state: OrderState): Order['actions'] {
  const table = customerActions(state);
  const fallback = { ...table, uploadProof: canUploadProof(state) };
  if (!raw || typeof raw !== 'object') return fallback;
  const o = obj(raw);
  const flag = (k: keyof Order['actions']) => (typeof o[k] === 'boolean' ? (o[k] as boolean) : fallback[k]);
  return { accept: flag('accept'), cancel: flag('cancel'), finish: flag('finish'), add: flag('add'), uploadProof: flag('uploadProof') };
}

export function normalizeOrderSummary(raw: unknown): OrderSummary | null {
  const o = obj(raw);
  const id = num(o.id, NaN);
  const state = o.state;
  if (!Number.isFinite(id) || !isOrderState(state)) return null;
  const items = list(pick(o, 'items', 'OrderItems', 'products'));
  return {
    id,
    number: num(pick(o, 'number', 'orderNumber'), id),
    state,
    createdAt: date(o.createdAt),
    total: money(o, 'finalTotal', 'totalPrice', 'total', 'subtotal') ?? 0,
    totalBoxes: num(o.totalBoxes, 0),
    itemCount: num(o.itemCount, items.length),
  };
}

export function normalizeOrder(raw: unknown): Order | null {
  const summary = normalizeOrderSummary(raw);
  if (!summary) return null;
  const o = obj(raw);
  const items = list(pick(o, 'items', 'OrderItems', 'products')).map(normalizeItem);
  const subtotal = money(o, 'subtotal') ?? items.reduce((s, i) => s + i.lineTotal, 0);
  const priceWithVat = money(o, 'priceWithVat') ?? subtotal;
  const vat = money(o, 'vat') ?? Math.max(0, Math.round((priceWithVat - subtotal) * 100) / 100);
  const finalTotal = money(o, 'finalTotal') ?? summary.total;
  const transport = obj(pick(o, 'transport', 'Transport'));
  const additions = obj(o.additions);
  const remainingRaw = pick(o, 'additionsRemaining', 'remainingAdditions') ?? pick(additions, 'remaining');
  const additionsKnown = 'additionsRemaining' in o || 'remaining' in additions;
  const missing = str(o.missingStatus);
  return {
    ...summary,
    itemCount: items.length || summary.itemCount,
    budgetSentAt: date(o.budgetSentAt),
    confirmedAt: date(o.confirmedAt),
    toSucc: o.toSucc === true,
    transportName: str(o.otherTransport) ?? str(pick(o, 'transportName')) ?? str(transport.name),
    address: normalizeAddress(pick(o, 'address', 'Address')),
    subtotal,
    priceWithVat,
    vat,
    iibb: money(o, 'iibb') ?? 0,
    bonus: money(o, 'bonus') ?? 0,
    finalTotal,
    totalPrice: money(o, 'totalPrice') ?? finalTotal,
    missingStatus: missing === 'complete' || missing === 'incomplete' || missing === 'missing' ? missing : null,
    items,
    history: list(pick(o, 'history', 'stateHistory', 'OrderStateHistories'))
      .map(normalizeHistory)
      .filter((h): h is OrderHistoryEntry => h !== null),
    documents: list(pick(o, 'documents', 'Documents'))
      .map(normalizeDocument)
      .filter((d): d is OrderDocument => d !== null),
    billing: normalizeBilling(pick(o, 'billingData', 'billing')),
    additionsRemaining: remainingRaw === undefined || remainingRaw === null ? null : num(remainingRaw, 0),
    additionsKnown,
    actions: normalizeActions(o.actions, summary.state),
  };
}

export function normalizeList<T>(raw: unknown, fn: (r: unknown) => T | null): T[] {
  return list(raw)
    .map(fn)
    .filter((x): x is T => x !== null);
}

/* ------------------------------------------------------------ client calls */

export type OrderListSource = 'myOrders' | 'myActualOrders' | 'myConfirmedOrders' | 'profile/finished';

/** Spec §8: address, transport and billing fetch failures return an empty list. */
async function listOrEmpty<T>(path: string, fn: (r: unknown) => T | null): Promise<T[]> {
  try {
    return normalizeList(await publicRequest<unknown>(path), fn);
  } catch (error) {
    if (error instanceof PublicApiError && error.failure.kind === 'unauthorized') throw error;
    return [];
  }
}

export const ordersApi = {
  transports: () => listOrEmpty('api/transport/names', normalizeTransport),
  addresses: () => listOrEmpty('api/address/myAddresses', normalizeAddress),
  billing: () => listOrEmpty('api/user/myBillingData', normalizeBilling),
  async createAddress(input: AddressInput): Promise<Address> {
    const data = await publicRequest<unknown>('api/address', { method: 'POST', body: input });
    const a = normalizeAddress(data);
    if (!a) throw new PublicApiError({ kind: 'http', status: 200 });
    return a;
  },
  async createBilling(input: BillingInput): Promise<BillingData> {
    const data = await publicRequest<unknown>('api/billing', { method: 'POST', body: input });
    const b = normalizeBilling(data);
    if (!b) throw new PublicApiError({ kind: 'http', status: 200 });
    return b;
  },
  /**
   * POST api/order. With `idempotencyKey` (lib/api/order-attempt) the key goes in the `Idempotency-Key`
   * header and a network failure or a 503 is retried once with the same key: the API answers the order
   * the key already created, never a second one. Without a key nothing is retried.
   */
  async createOrder(
    payload: OrderCreatePayload,
    options: { idempotencyKey?: string; retryDelayMs?: number; fetchImpl?: typeof fetch } = {},
  ): Promise<{ id: number }> {
    const { idempotencyKey, retryDelayMs = 1000, fetchImpl } = options;
    const headers: Record<string, string> | undefined = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined;
    const send = () => publicRequest<unknown>('api/order', { method: 'POST', body: payload, headers, fetchImpl });
    let answer: unknown;
    try {
      answer = await send();
    } catch (error) {
      const retryable = error instanceof PublicApiError && (error.failure.kind === 'network' || error.failure.status === 503);
      if (!idempotencyKey || !retryable) throw error;
      if (retryDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      answer = await send();
    }
    const data = obj(answer);
    const order = obj(data.order);
    const id = num(pick(data, 'id', 'orderId') ?? order.id, NaN);
    if (!Number.isFinite(id)) throw new PublicApiError({ kind: 'http', status: 200 });
    return { id };
  },
  async list(source: OrderListSource): Promise<OrderSummary[]> {
    return normalizeList(await publicRequest<unknown>(`api/order/${source}`), normalizeOrderSummary);
  },
  async get(id: number): Promise<Order | null> {
    return normalizeOrder(await publicRequest<unknown>(`api/order/${id}`));
  },
  action: (id: number, action: 'accept' | 'cancel' | 'finish') =>
    publicRequest<unknown>(`api/order/${id}/${action}`, { method: 'POST', body: {} }),
  add: (id: number, products: { id: number; quantity: number }[]) =>
    publicRequest<unknown>(`api/order/${id}/add`, { method: 'POST', body: { products } }),
  /** Multipart upload of a proof of transfer (field `file`). */
  uploadProof(id: number, file: File, fetchImpl: typeof fetch = fetch): Promise<unknown> {
    const form = new FormData();
    form.append('file', file, file.name);
    return publicRequest<unknown>(`api/order/${id}/proof`, { method: 'POST', body: form, fetchImpl });
  },
};

/** A document's file on the API host (needs the Bearer token: fetched by components/orders/DocumentLink). */
export function documentFilePath(orderId: number, docId: number): string {
  return `api/order/${orderId}/documents/${docId}/file`;
}
