import { ROLES } from '@/server/db/seed/data';
import { adminSections } from './sections';
import { isCurrentSection } from '@/components/admin/AdminNav';

const perms = (role: string) => ROLES.find((r) => r.name === role)!.permissions;

describe('adminSections (the seed roles)', () => {
  it.each([
    ['superadmin', ['orders', 'products', 'prices', 'categories', 'search', 'customers', 'audit', 'config']],
    ['admin', ['orders', 'products', 'prices', 'categories', 'search', 'customers', 'audit', 'config']],
    ['employee', ['orders', 'products', 'prices', 'categories', 'search', 'customers']],
    ['orderemployee', ['orders']],
    ['customer', []],
    ['vipcustomer', []],
  ])('%s', (role, sections) => {
    expect(adminSections(perms(role))).toEqual(sections);
  });

  it('opens the configuration with any one of its permissions', () => {
    expect(adminSections(['transports:write'])).toEqual(['config']);
    expect(adminSections(['categories:write'])).toEqual(['config']);
    expect(adminSections(['users:write'])).toEqual([]);
  });
});

describe('isCurrentSection', () => {
  it('the orders board owns /admin and /admin/orders/…', () => {
    expect(isCurrentSection('/admin', '/admin')).toBe(true);
    expect(isCurrentSection('/admin/', '/admin')).toBe(true);
    expect(isCurrentSection('/admin/orders/12', '/admin')).toBe(true);
    expect(isCurrentSection('/admin/customers', '/admin')).toBe(false);
  });
  it('other sections match themselves and their sub-pages only', () => {
    expect(isCurrentSection('/admin/customers/5', '/admin/customers')).toBe(true);
    expect(isCurrentSection('/admin/customers', '/admin/customers')).toBe(true);
    expect(isCurrentSection('/admin/customersx', '/admin/customers')).toBe(false);
    expect(isCurrentSection('/admin/config', '/admin/customers')).toBe(false);
  });
});
