/**
 * @jest-environment node
 */
import { parsePriceCsv } from './csv';

const HEADER = 'SKU;Nombre;Precio;Descuento;Tramo 1 unidades;Tramo 1 precio;Tramo 2 unidades;Tramo 2 precio;VIP 1 unidades;VIP 1 precio';

describe('parsePriceCsv', () => {
  it('a broken quote makes the whole file malformed, with its line', () => {
    expect(parsePriceCsv(`${HEADER}\nA-1;Vela;"100;;;;;;;\n`)).toEqual({ ok: false, problem: 'malformed', line: 2 });
  });

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
