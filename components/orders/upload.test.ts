import { checkProofFile, isAcceptedProofType, MAX_UPLOAD_BYTES } from './upload';

describe('checkProofFile', () => {
  it('no file', () => {
    expect(checkProofFile(null)).toBe('noFile');
    expect(checkProofFile(undefined)).toBe('noFile');
  });
  it('more than 10 MB', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(checkProofFile({ size: MAX_UPLOAD_BYTES + 1, type: 'image/png', name: 'a.png' })).toBe('tooLarge');
    expect(checkProofFile({ size: MAX_UPLOAD_BYTES, type: 'image/png', name: 'a.png' })).toBeNull();
  });
  it('images and PDF only', () => {
    expect(checkProofFile({ size: 10, type: 'application/pdf', name: 'a.pdf' })).toBeNull();
    expect(checkProofFile({ size: 10, type: 'image/jpeg', name: 'a.jpg' })).toBeNull();
    expect(checkProofFile({ size: 10, type: 'text/plain', name: 'a.txt' })).toBe('badType');
    expect(checkProofFile({ size: 10, type: 'application/x-msdownload', name: 'a.pdf' })).toBe('badType');
  });
  it('a missing type falls back to the extension', () => {
    expect(isAcceptedProofType('', 'COMPROBANTE.PDF')).toBe(true);
    expect(isAcceptedProofType('', 'x.webp')).toBe(true);
    expect(isAcceptedProofType('', 'x.exe')).toBe(false);
  });
});
