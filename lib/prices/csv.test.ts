/**
 * @jest-environment node
 */
import { decodeCsvBytes, parseCsvRecords, parsePriceCsv } from './csv';

const HEADER = 'SKU;Nombre;Precio;Descuento;Tramo 1 unidades;Tramo 1 precio;Tramo 2 unidades;Tramo 2 precio;VIP 1 unidades;VIP 1 precio';

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

describe('parseCsvRecords', () => {
  it('quotes, doubled quotes, line breaks inside quotes, CRLF and blank lines', () => {
    expect(parseCsvRecords('a;"b;c";"d ""e"""\r\n\r\n"x\ny";z\n', ';')).toEqual([
      { line: 1, cells: ['a', 'b;c', 'd "e"'] },
      { line: 3, cells: ['x\ny', 'z'] },
    ]);
  });
  it('detects `,` and tab separators from the header', () => {
    expect(parseCsvRecords('SKU,Precio\nA,"1.234,50"')[1]!.cells).toEqual(['A', '1.234,50']);
    expect(parseCsvRecords('SKU\tPrecio\nA\t10')[1]!.cells).toEqual(['A', '10']);
  });
});

describe('parsePriceCsv', () => {
  it('reads es-AR amounts, optional discount and tiers by kind', () => {
    const r = parsePriceCsv(`${HEADER}\nA-1;x;1.234,56;1000;10;1100;20;1.050;10;900\nB-2;'=y;$ 500;;;;;;;\n`);
    expect(r).toEqual({
      ok: true,
      bad: [],
      rows: [
        {
          line: 2,
          sku: 'A-1',
          price: 123_456,
          discount: 100_000,
          tiers: [
            { units: 10, cents: 110_000, isVip: false },
            { units: 20, cents: 105_000, isVip: false },
            { units: 10, cents: 90_000, isVip: true },
          ],
        },
        { line: 3, sku: 'B-2', price: 50_000, discount: null, tiers: [] },
      ],
    });
  });
  it('lists every bad row with its problems', () => {
    const r = parsePriceCsv(
      [
        'sku;precio;descuento;tramo 1 unidades;tramo 1 precio;tramo 2 unidades;tramo 2 precio',
        ';10;;;;;',
        'A;-10;;;;;',
        'B;diez;;;;;',
        'C;=SUM(A1:A2);;;;;',
        'D;100;150;;;;',
        'E;100;;20;90;10;80',
        'F;100;;20;;;',
        'G;100;;0;90;;',
        'H;100;;10;120;;',
        'A;100;;;;;',
        'I;100;-1;;;;',
      ].join('\n'),
    );
    if (!r.ok) throw new Error('file refused');
    expect(r.rows).toEqual([]);
    expect(r.bad.map((b) => [b.line, b.sku, b.problems])).toEqual([
      [2, '', ['skuMissing']],
      [3, 'A', ['priceNegative']],
      [4, 'B', ['priceInvalid']],
      [5, 'C', ['priceInvalid']],
      [6, 'D', ['discountAbovePrice']],
      [7, 'E', ['tierUnitsNotIncreasing']],
      [8, 'F', ['tierIncomplete']],
      [9, 'G', ['tierUnitsInvalid']],
      [10, 'H', ['tierNotBelowPrice']],
      [11, 'A', ['duplicateSku']],
      [12, 'I', ['discountNegative']],
    ]);
  });
  it('refuses a file without SKU and Precio columns, an empty one and one too long', () => {
    expect(parsePriceCsv('Código;Importe\nA;1')).toEqual({ ok: false, problem: 'header' });
    expect(parsePriceCsv('\n\n')).toEqual({ ok: false, problem: 'empty' });
    expect(parsePriceCsv(`SKU;Precio\n${'A;1\n'.repeat(20_001)}`)).toEqual({ ok: false, problem: 'tooManyRows' });
  });
});
