/**
 * The shop's role names (spec §6) and which of them are staff: one list for the API (requireStaff, CLIs,
 * demo accounts), the storefront (the way into the back-office, the maintenance gate) and the settings screen.
 * Pure: importable by both processes. A role is data the API reads from the database; the storefront only uses
 * it to choose links — the API checks every request.
 */
export const STAFF_ROLES = ['superadmin', 'admin', 'employee', 'orderemployee'] as const;
export const CUSTOMER_ROLES = ['customer', 'vipcustomer'] as const;
/** Every role, staff first (the order of the settings screen's role picker). */
export const ROLES = [...STAFF_ROLES, ...CUSTOMER_ROLES] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);
}
