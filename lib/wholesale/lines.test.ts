import { parseQuantityCell, parseQuickOrderText, rowsToLines, skuKey, splitLine } from './lines';

describe('quick order line parser', () => {
  it('reads a paste from Excel / Google Sheets (tabs), with a description column in between', () => {
    const text = 'SAH-0001\tSahumerio de lavanda, caja\t24\r\nVEL-0003\tVela “blanca”; grande\t12\n';
    expect(parseQuickOrderText(text)).toEqual({
      lines: [
        { row: 1, sku: 'SAH-0001', quantity: 24 },
        { row: 2, sku: 'VEL-0003', quantity: 12 },
      ],
      rejected: [],
      rowCount: 2,
    });
  });

  it('accepts comma, semicolon and space separated lines, and skips empty lines (rows keep their numbers)', () => {
    const parsed = parseQuickOrderText('A-1, 5\n\nB-2;7\n  C-3    1.200  \n');
    expect(parsed.lines).toEqual([
      { row: 1, sku: 'A-1', quantity: 5 },
      { row: 3, sku: 'B-2', quantity: 7 },
      { row: 4, sku: 'C-3', quantity: 1200 },
    ]);
    expect(parsed.rowCount).toBe(3);
  });

  it('uses a header row to find the columns, whatever their order', () => {
    const parsed = rowsToLines([
      ['Cantidad', 'Descripción', 'SKU'],
      [6, 'Uno', 'X-1'],
      ['10', '', 'X-2'],
    ]);
    expect(parsed.lines).toEqual([
      { row: 2, sku: 'X-1', quantity: 6 },
      { row: 3, sku: 'X-2', quantity: 10 },
    ]);
    expect(parsed.rowCount).toBe(2);
  });

  it('reports rows it cannot read instead of guessing', () => {
    const parsed = parseQuickOrderText('SOLO-SKU\nA-1\tdoce\nB-2 12.5\nC-3 -4\n\t5');
    expect(parsed.lines).toEqual([]);
    expect(parsed.rejected.map((r) => [r.row, r.problem])).toEqual([
      [1, 'noQuantity'],
      [2, 'noQuantity'],
      [3, 'quantityInvalid'],
      [4, 'quantityInvalid'],
      [5, 'noSku'],
    ]);
  });

  it('splits by the strongest separator present', () => {
    expect(splitLine('A B\tC, D\t3')).toEqual(['A B', 'C, D', '3']);
    expect(splitLine('"A-1";"5"')).toEqual(['A-1', '5']);
    expect(splitLine('  A-1   5 ')).toEqual(['A-1', '5']);
  });

  it('reads quantities: whole numbers and thousands dots; NaN for non-whole numbers, null for text', () => {
    expect(parseQuantityCell('12')).toBe(12);
    expect(parseQuantityCell(12)).toBe(12);
    expect(parseQuantityCell('1.000')).toBe(1000);
    expect(parseQuantityCell('12,5')).toBeNaN();
    expect(parseQuantityCell(2.5)).toBeNaN();
    expect(parseQuantityCell('doce')).toBeNull();
    expect(parseQuantityCell(null)).toBeNull();
  });

  it('merges duplicates by an upper-case key', () => {
    expect(skuKey(' sah-0001 ')).toBe(skuKey('SAH-0001'));
  });
});
