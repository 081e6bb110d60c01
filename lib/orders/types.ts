/**
 * Wire shapes of the order API (GET api/order/…, api/staff/orders/…). Money is pesos (numbers with at
 * most 2 decimals, as everywhere on the wire: convert with lib/money `toCents`), dates ISO strings.
 */
import type { AdditionStage } from './additions';
import type { ShippingZone } from './shipping';
import type { OrderActor, OrderState } from './states';
import type { MissingStatus } from './totals';

export interface OrderTotalsWire {
  totalBoxes: number;
  /** Σ of every line, missing ones included (what was ordered) */
  totalPrice: number;
  /** Σ of the lines the shop will deliver */
  subtotal: number;
  bonus: number;
  /** subtotal − bonus */
  net: number;
  vat: number;
  priceWithVat: number;
  /** 4.5 % IIBB (shipments to Misiones), else 0 */
  iibb: number;
  finalTotal: number;
}

export interface OrderSummary extends OrderTotalsWire {
  id: number;
  /** human-facing order number (sequential, from 1001) */
  number: number;
  state: OrderState;
  missingStatus: MissingStatus;
  toSucc: boolean;
  /** lines in the order */
  itemCount: number;
  /** units the shop will deliver */
  totalUnits: number;
  createdAt: string;
  updatedAt: string;
  budgetSentAt: string | null;
  confirmedAt: string | null;
}

export interface OrderItemWire {
  id: number;
  /** the ordered product or variation (null once deleted from the catalogue) */
  productId: number | null;
  /** the tier group: the variable parent, or the simple product itself */
  parentId: number | null;
  /** product name (the parent's for a variation), as when ordered */
  name: string;
  /** variation name, or null for a simple product */
  variationName: string | null;
  sku: string | null;
  quantity: number;
  requestedQuantity: number;
  unitPrice: number;
  /** list price (its discount when present) when ordered; unitPrice is lower when a tier applied */
  regularPrice: number | null;
  lineTotal: number;
  missing: boolean;
  /** staff set this unit price in a budget */
  priceAdjusted: boolean;
}

export type OrderDocumentKind = 'budget' | 'remit' | 'bill' | 'proof' | 'other';

export interface OrderDocumentWire {
  id: number;
  kind: OrderDocumentKind;
  trackingNumber: string | null;
  /** API path of the file (send the session token), or null for documents without a file */
  fileUrl: string | null;
  fileName: string | null;
  mimeType: string | null;
  size: number | null;
  createdAt: string;
  /** budget: the snapshot of totals and lines sent to the customer */
  budget: OrderBudgetSnapshot | null;
  /** who added it: the customer (proof) or staff (the rest) */
  actor?: 'customer' | 'staff';
  /** staff answers only: the name of the user who added it (null when unknown) */
  byName?: string | null;
}

export interface OrderBudgetSnapshot {
  totals: OrderTotalsWire & { missingStatus: MissingStatus };
  items: { itemId: number; name: string; variationName: string | null; quantity: number; unitPrice: number; missing: boolean }[];
}

export interface OrderHistoryWire {
  from: OrderState | null;
  to: OrderState;
  at: string;
  byUserId: number | null;
  actor: OrderActor | 'system' | null;
  /** staff answers only: the name of the user who made the change (null for old rows or deleted users) */
  byName?: string | null;
}

export interface OrderAddressWire {
  id: number;
  province: string;
  city: string;
  street: string;
  number: string;
  postalCode: string;
  floor: string | null;
  extraData: string | null;
  state: 'active' | 'archived';
}

export interface OrderBillingWire {
  id: number;
  taxCondition: string;
  documentType: 'CUIT' | 'CUIL' | 'DNI';
  documentNumber: string;
}

export interface OrderDetail extends OrderSummary {
  shippingZone: ShippingZone;
  address: OrderAddressWire | null;
  transport: { id: number; name: string } | null;
  otherTransport: string | null;
  billingData: OrderBillingWire | null;
  items: OrderItemWire[];
  documents: OrderDocumentWire[];
  history: OrderHistoryWire[];
  additions: { stage: AdditionStage | null; used: number; limit: number | null; remaining: number | null };
  /** the customer's buttons in this state (same table the API enforces) */
  actions: { accept: boolean; cancel: boolean; finish: boolean; add: boolean; uploadProof: boolean };
  /** staff answers only */
  customer?: { id: number; name: string; lastname: string; email: string; contactNumber: string | null };
}

export interface StaffOrderListItem extends OrderSummary {
  customer: { id: number; name: string; lastname: string; email: string };
  documentNumber: string | null;
  /** the customer's messages staff have not read */
  unread: number;
}

export interface StaffOrderList {
  items: StaffOrderListItem[];
  total: number;
  totalPages: number;
  page: number;
  rows: number;
  /** orders per state under the same filters (without the state filter) */
  counts: Record<OrderState, number>;
}
