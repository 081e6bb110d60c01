import { boardApiPath, boardExportHref, boardExportPath, boardHref, parseBoardFilters } from './filters';

describe('parseBoardFilters', () => {
  it('reads valid filters', () => {
    expect(parseBoardFilters({ state: 'review', from: '2026-01-02', to: '2026-01-31', q: ' 1001 ', page: '3' })).toEqual({
      state: 'review',
      from: '2026-01-02',
      to: '2026-01-31',
      q: '1001',
      page: 3,
    });
  });

  it('drops bad input', () => {
    expect(parseBoardFilters({ state: 'nope', from: '2026-02-30', to: 'yesterday', q: '   ', page: '-1' })).toEqual({ page: 1 });
    expect(parseBoardFilters({ page: 'abc' }).page).toBe(1);
    expect(parseBoardFilters({ page: '0' }).page).toBe(1);
    expect(parseBoardFilters({ q: 'a\u0000b' }).q).toBe('ab');
    expect(parseBoardFilters({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });

  it('takes the first of repeated params', () => {
    expect(parseBoardFilters({ state: ['started', 'review'] }).state).toBe('started');
  });
});

describe('boardHref / boardApiPath', () => {
  it('round-trips through the URL', () => {
    const f = { state: 'started' as const, from: '2026-01-01', q: 'Gómez', page: 2 };
    const href = boardHref(f);
    expect(href).toBe('/admin?state=started&from=2026-01-01&q=G%C3%B3mez&page=2');
    const params = Object.fromEntries(new URLSearchParams(href.split('?')[1]));
    expect(parseBoardFilters(params)).toEqual(f);
  });

  it('leaves out page 1 and empty values', () => {
    expect(boardHref({ page: 1 })).toBe('/admin');
    expect(boardHref({ q: '', page: 1 })).toBe('/admin');
  });

  it('always sends page and rows to the API', () => {
    expect(boardApiPath({ page: 1 })).toBe('api/staff/orders?page=1&rows=20');
    expect(boardApiPath({ state: 'received', q: '20-1', page: 4 })).toBe('api/staff/orders?state=received&q=20-1&page=4&rows=20');
  });
});

describe('sort and export (issue 32, item 6)', () => {
  it('keeps a known sort in the URL and the API path; drops unknown ones and the default', () => {
    expect(parseBoardFilters({ sort: 'totalDesc' }).sort).toBe('totalDesc');
    expect(parseBoardFilters({ sort: 'newest' }).sort).toBeUndefined();
    expect(parseBoardFilters({ sort: 'price; drop table' }).sort).toBeUndefined();
    expect(boardHref({ state: 'review', sort: 'customer', page: 1 })).toBe('/admin?state=review&sort=customer');
    expect(boardApiPath({ sort: 'oldest', page: 2 })).toBe('api/staff/orders?sort=oldest&page=2&rows=20');
    expect(boardExportPath({ q: 'Gómez', sort: 'totalAsc' })).toBe('api/staff/orders/export?q=G%C3%B3mez&sort=totalAsc');
    expect(boardExportPath({})).toBe('api/staff/orders/export');
    expect(boardExportHref({ state: 'review', sort: 'customer' })).toBe('/api/staff-export/orders?state=review&sort=customer');
  });
});

describe('assignee filter and the XLSX export (issue 32, items 4 and 6)', () => {
  it('keeps me, none or an id; drops anything else', () => {
    expect(parseBoardFilters({ assignee: 'me' }).assignee).toBe('me');
    expect(parseBoardFilters({ assignee: 'none' }).assignee).toBe('none');
    expect(parseBoardFilters({ assignee: '42' }).assignee).toBe('42');
    for (const bad of ['0', '-1', 'yo', '1.5', '9999999999', 'me;drop']) expect(parseBoardFilters({ assignee: bad }).assignee).toBeUndefined();
  });

  it('carries the assignee to the board URL, the API and both exports', () => {
    expect(boardHref({ assignee: 'me', page: 1 })).toBe('/admin?assignee=me');
    expect(boardApiPath({ state: 'review', assignee: '7', page: 1 })).toBe('api/staff/orders?state=review&assignee=7&page=1&rows=20');
    expect(boardExportPath({ assignee: 'me' }, 'xlsx')).toBe('api/staff/orders/export?assignee=me&format=xlsx');
    expect(boardExportHref({ sort: 'oldest' }, 'xlsx')).toBe('/api/staff-export/orders?sort=oldest&format=xlsx');
    expect(boardExportHref({ sort: 'oldest' }, 'csv')).toBe('/api/staff-export/orders?sort=oldest');
  });
});

describe('payment filter', () => {
  it('reads a known payment status, drops others, and keeps it in the links and the API path', () => {
    expect(parseBoardFilters({ payment: 'partial' })).toEqual({ payment: 'partial', page: 1 });
    expect(parseBoardFilters({ payment: 'maybe' })).toEqual({ page: 1 });
    expect(boardHref({ state: 'waiting', payment: 'unpaid' })).toBe('/admin?state=waiting&payment=unpaid');
    expect(boardApiPath({ payment: 'paid', page: 1 })).toBe('api/staff/orders?payment=paid&page=1&rows=20');
  });
});

describe('deadline filter (issue 24 §1)', () => {
  it('reads "vence hoy", "presupuesto vencido" and "pago vencido", drops others, keeps it in the links, the API path and the export', () => {
    expect(parseBoardFilters({ deadline: 'budgetDueToday' })).toEqual({ deadline: 'budgetDueToday', page: 1 });
    expect(parseBoardFilters({ deadline: ['paymentOverdue', 'x'] })).toEqual({ deadline: 'paymentOverdue', page: 1 });
    expect(parseBoardFilters({ deadline: 'soon' })).toEqual({ page: 1 });
    expect(boardHref({ state: 'review', deadline: 'budgetExpired' })).toBe('/admin?state=review&deadline=budgetExpired');
    expect(boardApiPath({ deadline: 'paymentOverdue', page: 2 })).toBe('api/staff/orders?deadline=paymentOverdue&page=2&rows=20');
    expect(boardExportPath({ deadline: 'budgetDueToday' })).toContain('deadline=budgetDueToday');
  });
});
