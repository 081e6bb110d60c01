/**
 * @jest-environment node
 */
import { CsvError, decodeCsvBytes, readCsv } from './index';

const cells = (text: string, maxRecords?: number) => readCsv(text, { maxRecords }).map((r) => r.cells);

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with or without BOM, UTF-16 with BOM and Windows-1252', () => {
    expect(decodeCsvBytes(Buffer.from('\uFEFFSKU;Nombre\r\nA;Sándalo'))).toBe('SKU;Nombre\r\nA;Sándalo');
    expect(decodeCsvBytes(Buffer.from('SKU;Nombre\nA;Sándalo', 'latin1'))).toBe('SKU;Nombre\nA;Sándalo');
    expect(decodeCsvBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('SKU\tPrecio', 'utf16le')]))).toBe('SKU\tPrecio');
  });
  it('refuses binary files', () => {
    expect(decodeCsvBytes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBeNull();
  });
});

describe('readCsv', () => {
  it('detects the separator and reads quoted cells with separators, quotes and line breaks', () => {
    expect(cells('\uFEFFSKU;Cantidad\r\n"A;1";"5"\r\n"say ""hi""\nthere";2\r\n')).toEqual([
      ['SKU', 'Cantidad'],
      ['A;1', '5'],
      ['say "hi"\nthere', '2'],
    ]);
    expect(cells('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a\tb\n')).toEqual([['a', 'b']]);
    expect(readCsv('SKU,Precio\nA,"1.234,50"')[1]!.cells).toEqual(['A', '1.234,50']);
  });

  it('keeps the line each record starts on and drops blank lines', () => {
    expect(readCsv('a;"b;c";"d ""e"""\r\n\r\n"x\ny";z\nw;v\n', { separator: ';' })).toEqual([
      { line: 1, cells: ['a', 'b;c', 'd "e"'] },
      { line: 3, cells: ['x\ny', 'z'] },
      { line: 5, cells: ['w', 'v'] },
    ]);
  });

  it('throws with the line on an unterminated or stray quote', () => {
    expect(() => readCsv('SKU;Q\n"A;1\nB;2\n')).toThrow(CsvError);
    expect(() => readCsv('SKU;Q\nB;2\nA"B;1\n')).toThrow(expect.objectContaining({ row: 3 }));
    expect(() => readCsv('"A"x;1')).toThrow(CsvError);
  });

  it('stops after maxRecords + 1 records', () => {
    expect(cells('h;q\n' + 'a;1\n'.repeat(1000), 10)).toHaveLength(11);
  });
});
