import { customersApiPath, customersExportHref, customersExportPath, customersHref, parseCustomerFilters } from './customer-filters';

describe('customer filters', () => {
  it('keeps valid values and drops the rest', () => {
    expect(parseCustomerFilters({ q: '  ana  ', vip: 'true', page: '3' })).toEqual({ q: 'ana', vip: 'true', page: 3 });
    expect(parseCustomerFilters({ q: ['x', 'y'], vip: 'maybe', page: '-1' })).toEqual({ q: 'x', vip: undefined, page: 1 });
    expect(parseCustomerFilters({ q: '\u0000 ', page: '9999999' })).toEqual({ q: undefined, vip: undefined, page: 1 });
    expect(parseCustomerFilters({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });
  it('builds the page URL and the API path', () => {
    expect(customersHref({ page: 1 })).toBe('/admin/customers');
    expect(customersHref({ q: 'Lucía F', vip: 'false', page: 2 })).toBe('/admin/customers?q=Luc%C3%ADa+F&vip=false&page=2');
    expect(customersApiPath({ q: '30-70809080-4', page: 1 })).toBe('api/staff/customers?q=30-70809080-4&page=1&rows=20');
  });
  it('sort (issue 32 item 6): known ones kept, the default and unknown ones dropped; the exports carry the filters', () => {
    expect(parseCustomerFilters({ sort: 'name' }).sort).toBe('name');
    expect(parseCustomerFilters({ sort: 'newest' }).sort).toBeUndefined();
    expect(parseCustomerFilters({ sort: 'edad' }).sort).toBeUndefined();
    expect(customersHref({ sort: 'orders', page: 1 })).toBe('/admin/customers?sort=orders');
    expect(customersApiPath({ sort: 'lastOrder', page: 2 })).toBe('api/staff/customers?sort=lastOrder&page=2&rows=20');
    expect(customersExportHref({ q: 'fernandez', sort: 'name' }, 'xlsx')).toBe('/api/staff-export/customers?q=fernandez&sort=name&format=xlsx');
    expect(customersExportPath({ vip: 'true' }, 'csv')).toBe('api/staff/customers/export?vip=true&format=csv');
  });
});
