/**
 * Typed calls for checkout and orders (spec §3 Shipping option, Address, Billing data, Transport, Order,
 * Order creation payload; §7 "Orders and data").
 *
 * Every answer is parsed with the API's own contract (lib/contracts/orders.ts): the types are inferred
 * from it and nothing is renamed or dropped between the API and the page. An answer that does not match
 * the contract is an error (PublicApiError 'http'), never a silently emptied field.
 * Browser-side calls go through `publicRequest` (lib/api/public.ts: Bearer token, envelope, errors).
 */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from './order-attempt';
import { publicRequest, PublicApiError } from './public';
import { parseAnswer } from './contract';
import { apiPaths } from './paths';
import {
  addressSchema,
  billingSchema,
  orderDetailSchema,
  transportSchema,
  type OrderDetail,
  type OrderDocumentWire,
  type SavedAddress,
  type SavedBilling,
  type TransportWire,
} from '@/lib/contracts/orders';
import type { DocumentType } from '@/lib/validation/cuit';

/* ------------------------------------------------------------------ types */

/** Spec §3 Shipping option: GET api/transport/names. */
export type TransportOption = TransportWire;

/** Spec §3 Address (the body of POST api/address). */
export interface AddressInput {
  province: string;
  city: string;
  street: string;
  number: string;
  postalCode: string;
  floor?: string | null;
  extraData?: string | null;
}
export type Address = SavedAddress;

export interface BillingInput {
  taxCondition: string;
  documentType: DocumentType;
  number: string;
}
export type BillingData = SavedBilling;

/** Spec §3 Order creation payload (defaults addressId 1, transportId -1, otherTransport null, toSucc true). */
export interface OrderCreatePayload {
  products: { id: number; quantity: number }[];
  billingDataId: number;
  addressId?: number;
  transportId?: number;
  otherTransport?: string | null;
  toSucc?: boolean;
}

export type Order = OrderDetail;
export type OrderDocument = OrderDocumentWire;

/* ------------------------------------------------------------ client calls */

export type OrderListSource = Parameters<typeof apiPaths.orders>[0];

/** Spec §8: address, transport and billing fetch failures return an empty list. */
async function listOrEmpty<S extends z.ZodType>(path: string, item: S): Promise<z.infer<S>[]> {
  try {
    return parseAnswer(z.array(item), await publicRequest<unknown>(path));
  } catch (error) {
    if (error instanceof PublicApiError && error.failure.kind === 'unauthorized') throw error;
    return [];
  }
}

export const ordersApi = {
  transports: () => listOrEmpty('api/transport/names', transportSchema),
  addresses: () => listOrEmpty('api/address/myAddresses', addressSchema),
  billing: () => listOrEmpty('api/user/myBillingData', billingSchema),
  async createAddress(input: AddressInput): Promise<Address> {
    return parseAnswer(addressSchema, await publicRequest<unknown>('api/address', { method: 'POST', body: input }));
  },
  /** PUT api/address/{id}: an address used by an order is archived and saved anew (the answer's id). */
  async updateAddress(id: number, input: AddressInput): Promise<Address> {
    return parseAnswer(addressSchema, await publicRequest<unknown>(`api/address/${id}`, { method: 'PUT', body: input }));
  },
  async setDefaultAddress(id: number): Promise<Address> {
    return parseAnswer(addressSchema, await publicRequest<unknown>(`api/address/${id}/default`, { method: 'PATCH', body: {} }));
  },
  async setDefaultBilling(id: number): Promise<BillingData> {
    return parseAnswer(billingSchema, await publicRequest<unknown>(`api/billing/${id}/default`, { method: 'PATCH', body: {} }));
  },
  deleteAddress: (id: number) => publicRequest<unknown>(`api/address/${id}`, { method: 'DELETE' }),
  /** DELETE api/billing/{id}: 409 when an order uses it (the API's message says so). */
  deleteBilling: (id: number) => publicRequest<unknown>(`api/billing/${id}`, { method: 'DELETE' }),
  async createBilling(input: BillingInput): Promise<BillingData> {
    return parseAnswer(billingSchema, await publicRequest<unknown>('api/billing', { method: 'POST', body: input }));
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
    return { id: parseAnswer(orderDetailSchema, answer).id };
  },
  async get(id: number): Promise<Order> {
    return parseAnswer(orderDetailSchema, await publicRequest<unknown>(`api/order/${id}`));
  },
  action: (id: number, action: 'accept' | 'cancel' | 'finish') =>
    publicRequest<unknown>(`api/order/${id}/${action}`, { method: 'POST', body: {} }),
  /** The budget expired: ask the shop for an updated one (issue 24 §1). */
  requestBudget: (id: number) => publicRequest<unknown>(apiPaths.orderRequestBudget(id), { method: 'POST', body: {} }),
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
