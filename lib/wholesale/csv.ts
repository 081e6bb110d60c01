/**
 * A small RFC 4180 CSV reader for the quick order's uploads: the separator is the one the first line uses
 * most (`;` from an es-AR Excel, `,` elsewhere, tab from a TSV), quoted cells may hold separators, doubled
 * quotes and line breaks. A BOM is dropped. Throws `CsvError` (row number) on an unterminated quote or a
 * stray quote inside an unquoted cell: the API answers 400 for it. Stops reading after `maxRows` non-empty
 * rows + 1 (the caller answers "too many lines" without parsing a huge file to the end).
 */

export class CsvError extends Error {
  constructor(readonly row: number) {
    super(`CSV mal formado en la fila ${row}`);
    this.name = 'CsvError';
  }
}

function detectSeparator(text: string): string {
  const end = text.search(/\r|\n/);
  const first = end < 0 ? text : text.slice(0, end);
  const counts = [';', ',', '\t'].map((sep) => [sep, first.split(sep).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

export function parseCsv(input: string, maxRows = Infinity): string[][] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const sep = detectSeparator(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let cellStarted = false;
  let line = 1;
  let rowLine = 1;
  let nonEmpty = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
    cellStarted = false;
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    if (row.some((c) => c.trim() !== '')) nonEmpty++;
    row = [];
    rowLine = line;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          // after a closing quote only a separator or a line end may follow (spaces tolerated)
          let j = i + 1;
          while (text[j] === ' ') j++;
          const next = text[j];
          if (next !== undefined && next !== sep && next !== '\r' && next !== '\n') throw new CsvError(rowLine);
          i = j - 1;
        }
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (cellStarted && cell.trim() !== '') throw new CsvError(rowLine);
      quoted = true;
      cellStarted = true;
      cell = '';
    } else if (ch === sep) {
      endCell();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRow();
      if (nonEmpty > maxRows) return rows;
    } else {
      cell += ch;
      cellStarted = true;
    }
  }
  if (quoted) throw new CsvError(rowLine);
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}
