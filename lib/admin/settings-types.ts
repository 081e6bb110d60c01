/**
 * Types of the staff settings API, inferred from its contract (lib/contracts/staff-settings.ts), and the roles
 * staff may give; the customers' are in lib/contracts/staff-customers.ts.
 */
import type { TransportWire } from '../contracts/orders';

import { CUSTOMER_ROLES, ROLES } from '../session/roles';

export type { StaffCarouselImage, StaffTag } from '../contracts/staff-settings';

/** Roles a superadmin may give: the staff roles and the two customer roles (spec §6). */
export const ASSIGNABLE_ROLES = ROLES;
export { CUSTOMER_ROLES };

export type StaffTransport = TransportWire;
