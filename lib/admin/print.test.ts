import { MAX_PRINT_ORDERS, parsePrintRequest, printHref } from './print';

describe('print requests', () => {
  it('reads the orders and the document, keeping the order given and dropping repeats', () => {
    expect(parsePrintRequest({ orders: '12,3,12', doc: 'remit' })).toEqual({ doc: 'remit', orderIds: [12, 3] });
    expect(parsePrintRequest({ orders: '7' })).toEqual({ doc: 'packing', orderIds: [7] });
    expect(parsePrintRequest({ orders: ['5,6', '9'], doc: ['budget'] })).toEqual({ doc: 'budget', orderIds: [5, 6] });
  });

  it('refuses what cannot be printed', () => {
    for (const q of [{}, { orders: '' }, { orders: 'a' }, { orders: '1,,2' }, { orders: '-1' }, { orders: '0' }, { orders: '1e3' }, { orders: '1', doc: 'invoice' }, { orders: '9999999999' }]) {
      expect(parsePrintRequest(q)).toBeNull();
    }
    const many = Array.from({ length: MAX_PRINT_ORDERS + 1 }, (_, i) => i + 1).join(',');
    expect(parsePrintRequest({ orders: many })).toBeNull();
  });

  it('builds the link the board and the order page use', () => {
    expect(printHref('packing', [4, 5])).toBe('/admin/print?doc=packing&orders=4,5');
    expect(parsePrintRequest({ orders: '4,5', doc: 'packing' })).toEqual({ doc: 'packing', orderIds: [4, 5] });
  });
});
