/**
 * THE CSV reader of the shop's uploads (the quick order's lines, issue 23; the bulk price change's import,
 * issue 24): what spreadsheets save, read one way.
 *
 * - bytes → text (`decodeCsvBytes`): UTF-8 with or without BOM, UTF-16 with its BOM, or — what Excel in Spanish
 *   saves as "CSV" — Windows-1252; NUL and other control characters mean a binary file (null);
 * - the separator (`detectSeparator`) is the one the first line uses most outside quotes: `;` (Excel es-AR, our
 *   exports), `,` or tab; `;` wins a tie (amounts like "1.234,50" carry commas);
 * - records (`readCsv`): RFC 4180 — quoted cells may hold separators, doubled quotes and line breaks; CRLF or LF;
 *   blank lines are dropped; each record keeps the line it starts on. An unterminated quote or a quote inside an
 *   unquoted cell throws `CsvError` with that line: the APIs answer 400 for it. `maxRecords` stops reading after
 *   that many + 1 records, so a caller can say "too many lines" without parsing a huge file to the end.
 * Pure: no DOM, no Node APIs.
 */

export class CsvError extends Error {
  constructor(readonly row: number) {
    super(`CSV mal formado en la fila ${row}`);
    this.name = 'CsvError';
  }
}

export interface CsvRecord {
  /** the line the record starts on (1-based; a quoted cell may span lines) */
  line: number;
  cells: string[];
}

/** Bytes → text (see the header); null when it is not a text file. */
export function decodeCsvBytes(bytes: Uint8Array): string | null {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // NUL and other C0 controls (tab, CR, LF aside) mean a binary file or a wrong guess of its encoding
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return null;
  return text;
}

/** The separator the first line uses most (outside quotes): `;`, `,` or tab. */
function detectSeparator(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]!++;
  }
  if (counts[';']! >= counts[',']! && counts[';']! >= counts['\t']! && counts[';']! > 0) return ';';
  return counts['\t']! > counts[',']! ? '\t' : ',';
}

/** The records of a CSV text (see the header). */
export function readCsv(input: string, opts: { separator?: string; maxRecords?: number } = {}): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const sep = opts.separator ?? detectSeparator(text);
  const max = opts.maxRecords ?? Infinity;
  const out: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let cellStarted = false;
  let line = 1;
  let recordLine = 1;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    cellStarted = false;
  };
  const endRecord = () => {
    endCell();
    if (cells.length > 1 || cells[0]!.trim() !== '') out.push({ line: recordLine, cells });
    cells = [];
    recordLine = line;
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
          if (next !== undefined && next !== sep && next !== '\r' && next !== '\n') throw new CsvError(recordLine);
          i = j - 1;
        }
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (cellStarted && cell.trim() !== '') throw new CsvError(recordLine);
      quoted = true;
      cellStarted = true;
      cell = '';
    } else if (ch === sep) {
      endCell();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRecord();
      if (out.length > max) return out;
    } else {
      cell += ch;
      cellStarted = true;
    }
  }
  if (quoted) throw new CsvError(recordLine);
  if (cell !== '' || cells.length > 0) endRecord();
  return out;
}
