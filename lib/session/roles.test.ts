import { isStaffRole, ROLES, STAFF_ROLES } from './roles';

describe('roles', () => {
  it('knows the four staff roles and nothing else is staff', () => {
    expect(STAFF_ROLES.every(isStaffRole)).toBe(true);
    for (const r of ['customer', 'vipcustomer', '', 'Admin', 'superadmin ', null, undefined, 1, {}]) expect(isStaffRole(r)).toBe(false);
    expect(ROLES).toEqual(['superadmin', 'admin', 'employee', 'orderemployee', 'customer', 'vipcustomer']);
  });
});
