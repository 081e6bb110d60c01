/**
 * Types of the staff settings API (server/routes/staff/settings.ts) and the roles staff may give; the
 * customers' are in lib/contracts/staff-customers.ts.
 */
import { CUSTOMER_ROLES, ROLES } from '../session/roles';

/** Roles a superadmin may give: the staff roles and the two customer roles (spec §6). */
export const ASSIGNABLE_ROLES = ROLES;
export { CUSTOMER_ROLES };

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
  config: { minOrderPrice: number; minLocalPrice: number; maintaince: boolean };
  carousel: StaffCarouselImage[];
  tags: StaffTag[];
  transports: StaffTransport[];
  /** what the caller may change (its permissions) */
  can: { config: boolean; catalogue: boolean; transports: boolean };
}
