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
  // 30…: a company's prefix
  it.each(['27301234568', '27-30123456-8', ' 27 30123456 8 ', '30712345671'])('accepts %j, with or without separators', (n) => {
    expect(isValidCuit(n)).toBe(true);
  });

  it('accepts a person’s CUIL with separators', () => {
    expect(isValidCuil('27-30123456-8')).toBe(true);
  });

  it.each(['27301234567', '30712345674', '2730123456', '273012345689', '11301234568', '27-3012A456-8', ''])('rejects %j: check digit, length, prefix or a letter', (n) => {
    expect(isValidCuit(n)).toBe(false);
  });

  it('a CUIL must have a person prefix (30 is a company)', () => {
    expect(isValidCuit('30712345671')).toBe(true);
    expect(isValidCuil('30712345671')).toBe(false);
  });
});

describe('DNI', () => {
  it.each(['12345678', '12.345.678', '1234567'])('accepts %j: 7 or 8 digits, dots allowed', (n) => {
    expect(isValidDni(n)).toBe(true);
  });
  it.each(['123456', '123456789', '1234567a', '00000000'])('rejects %j: other lengths, letters and zero', (n) => {
    expect(isValidDni(n)).toBe(false);
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
  it.each([
    ['CUIT', '27301234568', true],
    ['CUIL', '27301234568', true],
    ['DNI', '27301234568', false],
    ['DNI', '30123456', true],
  ] as const)('isValidDocument dispatches on the type: %s %s → %s', (type, n, valid) => {
    expect(isValidDocument(type, n)).toBe(valid);
  });
});
