/** The staff exports' CSV writer (server/lib/csv.ts): quoting, formulas, BOM, es-AR amounts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvCell, csvPesos, toCsv } from '../lib/csv';

describe('CSV para exportar', () => {
  it('quotes what needs it and doubles quotes', () => {
    assert.equal(csvCell('Fernández'), 'Fernández');
    assert.equal(csvCell('a;b'), '"a;b"');
    assert.equal(csvCell('dijo "hola"'), '"dijo ""hola"""');
    assert.equal(csvCell('línea\nnueva'), '"línea\nnueva"');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(1234), '1234');
    assert.equal(csvCell(-5), '-5');
  });

  it('never lets a cell run as a formula', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      assert.ok(csvCell(evil).replace(/^"/, '').startsWith("'"), evil);
    }
    assert.equal(csvCell('=1;2'), '"\'=1;2"');
  });

  it('writes a file Excel (es-AR) opens: BOM, ";" and CRLF, decimal comma', () => {
    assert.equal(toCsv(['Número', 'Total'], [[1001, csvPesos(198502.92)], [1002, csvPesos(50)]]), '\uFEFFNúmero;Total\r\n1001;198502,92\r\n1002;50,00\r\n');
  });
});
