import { checkBillFile } from './upload';

describe('checkBillFile', () => {
  it('accepts a PDF up to 10 MB', () => {
    expect(checkBillFile({ size: 1000, type: 'application/pdf' })).toBeNull();
    expect(checkBillFile({ size: 1000, type: '', name: 'factura.PDF' })).toBeNull();
  });
  it('refuses the rest', () => {
    expect(checkBillFile(null)).toBe('noFile');
    expect(checkBillFile({ size: 11 * 1024 * 1024, type: 'application/pdf' })).toBe('tooLarge');
    expect(checkBillFile({ size: 10, type: 'image/png', name: 'a.png' })).toBe('badType');
    expect(checkBillFile({ size: 10, type: '', name: 'a.txt' })).toBe('badType');
  });
});
