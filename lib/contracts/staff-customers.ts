/**
 * THE staff customers contract (GET api/staff/customers, …/:id): the list query, the paged list and one
 * customer with addresses, billing data and orders, and the VIP and role changes, as the API declares them
 * and the back-office reads them. Pure zod.
 */
import { z } from 'zod';
import { accountIdentityFields } from './account';
import { searchText } from './common';
import { pagedSchema } from './shapes';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { CUSTOMER_SORTS } from '../admin/customer-filters';
import { ROLES } from '../session/roles';
import { orderAddressSchema, orderBillingSchema, orderStateSchema } from './orders';

const summarySchema = z.object({
  ...accountIdentityFields,
  contactNumber: z.string().nullable(),
  isVip: z.boolean(),
  documents: z.array(z.string()),
  orderCount: z.number().int(),
  lastOrderAt: z.string().nullable(),
  createdAt: z.string(),
});

export const customerListSchema = pagedSchema(summarySchema);

export const customerDetailSchema = summarySchema.extend({
  emailVerified: z.boolean(),
  addresses: z.array(orderAddressSchema.pick({ id: true, province: true, city: true, street: true, number: true, postalCode: true, state: true })),
  billing: z.array(orderBillingSchema),
  orders: z.array(
    z.object({ id: z.number().int(), number: z.number().int(), state: orderStateSchema, createdAt: z.string(), itemCount: z.number().int(), finalTotal: z.number() }),
  ),
  assignableRoles: z.array(z.string()),
});

export const customerListQuery = z.object({
  q: searchText()
    .optional()
    .describe('Nombre, email o CUIT/CUIL/DNI'),
  vip: z.enum(['true', 'false']).optional().describe('true: sólo VIP; false: sólo no VIP'),
  kind: z.enum(['customers', 'staff']).default('customers'),
  sort: z.enum(CUSTOMER_SORTS).optional().describe('Orden: newest (por defecto), oldest, name, orders, lastOrder'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rows: z.coerce.number().int().min(1).max(100).default(20),
});

/** PATCH api/staff/customers/:id/vip: role customer ↔ vipcustomer. */
export const customerVipBody = z.object({ vip: z.boolean() });

/** PATCH api/staff/customers/:id/role (superadmin): any role (lib/admin/settings-types.ts ASSIGNABLE_ROLES). */
export const customerRoleBody = z.object({ role: z.enum(ROLES) });

export type CustomerSummary = z.output<typeof summarySchema>;
export type CustomerList = z.output<typeof customerListSchema>;
export type CustomerDetail = z.output<typeof customerDetailSchema>;
