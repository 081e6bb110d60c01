/**
 * Wire contract of the staff customers and settings API (server/routes/staff/customers.ts and
 * settings.ts). Both sides import these types; the server's zod schemas are checked against them.
 */
import type { OrderState } from '../orders/states';
import type { StaffConfig } from '../contracts/catalogue';

import { CUSTOMER_ROLES, ROLES } from '../session/roles';

/** Roles a superadmin may give: the staff roles and the two customer roles (spec §6). */
export const ASSIGNABLE_ROLES = ROLES;
export { CUSTOMER_ROLES };

export interface CustomerSummary {
  id: number;
  name: string;
  lastname: string;
  email: string;
  contactNumber: string | null;
  role: string;
  isVip: boolean;
  /** CUIT/CUIL/DNI numbers of the customer's billing data (digits) */
  documents: string[];
  orderCount: number;
  lastOrderAt: string | null;
  createdAt: string;
}

export interface CustomerList {
  items: CustomerSummary[];
  total: number;
  totalPages: number;
  page: number;
  rows: number;
}

interface CustomerOrderSummary {
  id: number;
  number: number;
  state: OrderState;
  createdAt: string;
  itemCount: number;
  /** pesos */
  finalTotal: number;
}

export interface CustomerDetail extends CustomerSummary {
  emailVerified: boolean;
  addresses: { id: number; province: string; city: string; street: string; number: string; postalCode: string; state: 'active' | 'archived' }[];
  billing: { id: number; taxCondition: string; documentType: 'CUIT' | 'CUIL' | 'DNI'; documentNumber: string }[];
  /** the 50 newest orders */
  orders: CustomerOrderSummary[];
  /** roles the caller may give this user (empty unless the caller holds roles:write and it is not themself) */
  assignableRoles: string[];
}

export interface StaffCarouselImage {
  id: number;
  /** image URL (/uploads/carousel/…) */
  url: string;
  alt: string;
  link: string | null;
  position: number;
}

export interface StaffTag {
  id: number;
  name: string;
  url: string;
  position: number;
}

export interface StaffTransport {
  id: number;
  name: string;
  fatherId: number | null;
  isAble: boolean;
}

export interface ShopSettings {
  config: StaffConfig;
  carousel: StaffCarouselImage[];
  tags: StaffTag[];
  transports: StaffTransport[];
  /** what the caller may change (its permissions) */
  can: { config: boolean; catalogue: boolean; transports: boolean };
}
