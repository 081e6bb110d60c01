import {
  cuitCheckDigit,
  formatDocumentNumber,
  isValidCuil,
  isValidCuit,
  isValidDni,
  isValidDocument,
  normalizeDocumentNumber,
} from './cuit';

describe('CUIT / CUIL check digit', () => {
  it('computes the modulo-11 digit with weights 5432765432', () => {
    // 2·5+7·4+3·3+0·2+1·7+2·6+3·5+4·4+5·3+6·2 = 124; 124 mod 11 = 3; 11 − 3 = 8
    expect(cuitCheckDigit('2730123456')).toBe(8);
    // 3·5+0+7·3+1·2+2·7+3·6+4·5+5·4+6·3+7·2 = 142; mod 11 = 10; 11 − 10 = 1
    expect(cuitCheckDigit('3071234567')).toBe(1);
  });

  it('maps 11 to 0 and refuses 10', () => {
    // 2·5+0·4+1·3+1·2+1·7+1·6+1·5+1·4+1·3+0·2 = 40; mod 11 = 7 → 4 (sanity)
    expect(cuitCheckDigit('2011111110')).toBe(4);
    // find prefixes that land on 11 and 10 by brute force to pin both rules
    let sawZero = false;
    let sawNull = false;
    for (let n = 0; n < 200 && !(sawZero && sawNull); n++) {
      const first10 = `20${String(10_000_000 + n).padStart(8, '0')}`;
      const d = cuitCheckDigit(first10);
      let sum = 0;
      for (let i = 0; i < 10; i++) sum += Number(first10[i]) * [5, 4, 3, 2, 7, 6, 5, 4, 3, 2][i];
      if (sum % 11 === 0) {
        expect(d).toBe(0);
        sawZero = true;
      }
      if (sum % 11 === 1) {
        expect(d).toBeNull();
        sawNull = true;
      }
    }
    expect(sawZero && sawNull).toBe(true);
  });

  it('rejects malformed input', () => {
    expect(cuitCheckDigit('123')).toBeNull();
    expect(cuitCheckDigit('27301234ab')).toBeNull();
  });
});

describe('isValidCuit / isValidCuil', () => {
  it('accepts valid numbers with or without separators', () => {
    expect(isValidCuit('27301234568')).toBe(true);
    expect(isValidCuit('27-30123456-8')).toBe(true);
    expect(isValidCuit(' 27 30123456 8 ')).toBe(true);
    expect(isValidCuit('30712345671')).toBe(true); // company prefix
    expect(isValidCuil('27-30123456-8')).toBe(true);
  });

  it('rejects a wrong check digit, length or prefix', () => {
    expect(isValidCuit('27301234567')).toBe(false);
    expect(isValidCuit('30712345674')).toBe(false);
    expect(isValidCuit('2730123456')).toBe(false);
    expect(isValidCuit('273012345689')).toBe(false);
    expect(isValidCuit('11301234568')).toBe(false);
    expect(isValidCuit('27-3012A456-8')).toBe(false);
    expect(isValidCuit('')).toBe(false);
  });

  it('a CUIL must have a person prefix (30 is a company)', () => {
    expect(isValidCuit('30712345671')).toBe(true);
    expect(isValidCuil('30712345671')).toBe(false);
  });
});

describe('DNI', () => {
  it('accepts 7 or 8 digits, dots allowed', () => {
    expect(isValidDni('12345678')).toBe(true);
    expect(isValidDni('12.345.678')).toBe(true);
    expect(isValidDni('1234567')).toBe(true);
  });
  it('rejects other lengths, letters and zero', () => {
    expect(isValidDni('123456')).toBe(false);
    expect(isValidDni('123456789')).toBe(false);
    expect(isValidDni('1234567a')).toBe(false);
    expect(isValidDni('00000000')).toBe(false);
  });
});

describe('helpers', () => {
  it('normalizes and formats', () => {
    expect(normalizeDocumentNumber('27-30.123 456/8')).toBe('27301234568');
    expect(formatDocumentNumber('CUIT', '27301234568')).toBe('27-30123456-8');
    expect(formatDocumentNumber('DNI', '12345678')).toBe('12.345.678');
    expect(formatDocumentNumber('DNI', '1234567')).toBe('1.234.567');
    expect(formatDocumentNumber('CUIT', 'abc')).toBe('abc');
  });
  it('isValidDocument dispatches on the type', () => {
    expect(isValidDocument('CUIT', '27301234568')).toBe(true);
    expect(isValidDocument('CUIL', '27301234568')).toBe(true);
    expect(isValidDocument('DNI', '27301234568')).toBe(false);
    expect(isValidDocument('DNI', '30123456')).toBe(true);
  });
});
