import { CsvError, parseCsv } from './csv';

describe('parseCsv', () => {
  it('detects the separator and reads quoted cells with separators, quotes and line breaks', () => {
    expect(parseCsv('\uFEFFSKU;Cantidad\r\n"A;1";"5"\r\n"say ""hi""\nthere";2\r\n')).toEqual([
      ['SKU', 'Cantidad'],
      ['A;1', '5'],
      ['say "hi"\nthere', '2'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\tb\n')).toEqual([['a', 'b']]);
  });

  it('throws with the row number on an unterminated or stray quote', () => {
    expect(() => parseCsv('SKU;Q\n"A;1\nB;2\n')).toThrow(CsvError);
    try {
      parseCsv('SKU;Q\nB;2\nA"B;1\n');
    } catch (err) {
      expect((err as CsvError).row).toBe(3);
    }
    expect(() => parseCsv('"A"x;1')).toThrow(CsvError);
  });

  it('stops after maxRows + 1 non-empty rows', () => {
    const rows = parseCsv('h;q\n' + 'a;1\n'.repeat(1000), 10);
    expect(rows.length).toBe(11);
  });
});
