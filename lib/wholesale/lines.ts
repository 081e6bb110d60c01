/**
 * The quick order pad's line parser (issue 23 §2): what a customer pastes from Excel or Google Sheets, or
 * types, as `SKU quantity` lines, and the rows of an uploaded CSV or XLSX, become `{ row, sku, quantity }`.
 * Pure (no DOM, no Node): the storefront parses the textarea with it and the API parses files with it.
 *
 * - Cells are split by tab when the line has one (a spreadsheet paste: a description may hold spaces and
 *   commas), else by `;`, else by `,`, else by runs of spaces.
 * - A first row that names its columns (SKU / código / artículo and cantidad / unidades / qty…) is a header:
 *   the SKU and quantity columns are the ones it names. Without one, the SKU is the first column and the
 *   quantity the first whole number after it (so `SKU, descripción, cantidad` works as it is).
 * - A quantity is a whole number, optionally with thousands dots ("1.200"); "12.5" or "doce" is an error of
 *   that row (reported, not guessed).
 */

/** Most lines a quick order takes (the API answers 400 beyond it). */
export const QUICK_ORDER_MAX_LINES = 500;
/** Largest file or JSON body, in bytes. */
export const QUICK_ORDER_MAX_BYTES = 1024 * 1024;
/** Longest SKU accepted (longer cells are not SKUs). */
export const SKU_MAX_LENGTH = 64;
/** Largest quantity a line may carry (far above any product's maximum). */
export const QUICK_ORDER_MAX_QUANTITY = 1_000_000;

export type Cell = string | number | null | undefined;

interface ParsedLine {
  /** 1-based row of the pasted text or the file. */
  row: number;
  sku: string;
  quantity: number;
}

type RowProblem = 'noSku' | 'noQuantity' | 'quantityInvalid';

export interface RejectedRow {
  row: number;
  /** The row as it was (cells joined by a space), clipped to 120 characters. */
  text: string;
  problem: RowProblem;
}

export interface ParsedLines {
  lines: ParsedLine[];
  rejected: RejectedRow[];
  /** Non-empty data rows (header excluded): what the 500-line limit counts. */
  rowCount: number;
}

const SKU_HEADER = /^(sku|c[oó]d(igo|\.)?|code|art[ií]culo|ref(erencia)?|item)$/i;
const QUANTITY_HEADER = /^(cantidad(es)?|cant\.?|qty|quantity|quantidade|unidades|units|u\.?)$/i;
const WHOLE = /^\d{1,9}$/;
const GROUPED = /^\d{1,3}(?:\.\d{3})+$/;
const NUMBERISH = /^[+-]?\d+(?:[.,]\d+)*$/;

/** A cell as text: numbers as written, anything else trimmed. */
function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return cell.replace(/\u00a0/g, ' ').trim();
}

/** The whole number a cell holds, or null (not a whole number), or NaN (looks like a number but is not whole). */
export function parseQuantityCell(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isSafeInteger(cell) && cell >= 0 ? cell : Number.NaN;
  const text = cellText(cell);
  if (WHOLE.test(text)) return Number(text);
  if (GROUPED.test(text)) return Number(text.replace(/\./g, ''));
  return NUMBERISH.test(text) ? Number.NaN : null;
}

/** Splits one pasted line into cells (see the module comment). */
export function splitLine(line: string): string[] {
  const sep = line.includes('\t') ? '\t' : line.includes(';') ? ';' : line.includes(',') ? ',' : null;
  const cells = sep === null ? line.trim().split(/\s+/) : line.split(sep);
  return cells.map((c) => c.replace(/^"(.*)"$/, '$1').trim());
}

function clip(cells: readonly Cell[]): string {
  const text = cells.map(cellText).filter(Boolean).join(' ');
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

interface Columns {
  sku: number | null;
  quantity: number | null;
}

function headerColumns(cells: readonly Cell[]): Columns | null {
  let sku: number | null = null;
  let quantity: number | null = null;
  cells.forEach((cell, i) => {
    const text = cellText(cell);
    if (sku === null && SKU_HEADER.test(text)) sku = i;
    else if (quantity === null && QUANTITY_HEADER.test(text)) quantity = i;
  });
  return sku === null && quantity === null ? null : { sku, quantity };
}

function lineFrom(cells: readonly Cell[], row: number, columns: Columns | null): ParsedLine | RejectedRow {
  const skuIndex = columns?.sku ?? 0;
  const sku = skuIndex >= 0 ? cellText(cells[skuIndex]) : '';
  if (!sku || sku.length > SKU_MAX_LENGTH || /\s/.test(sku)) return { row, text: clip(cells), problem: 'noSku' };
  let quantity: number | null = null;
  if (columns?.quantity != null) {
    quantity = parseQuantityCell(cells[columns.quantity]);
  } else {
    for (let i = skuIndex + 1; i < cells.length && quantity === null; i++) quantity = parseQuantityCell(cells[i]);
  }
  if (quantity === null) return { row, text: clip(cells), problem: 'noQuantity' };
  if (Number.isNaN(quantity) || quantity > QUICK_ORDER_MAX_QUANTITY) return { row, text: clip(cells), problem: 'quantityInvalid' };
  return { row, sku, quantity };
}

/**
 * Rows of cells (a CSV, an XLSX sheet, or pasted lines split by `splitLine`) → lines and rejected rows.
 * Empty rows are skipped; the first non-empty row is a header when it names a column.
 */
export function rowsToLines(rows: readonly (readonly Cell[])[]): ParsedLines {
  const lines: ParsedLine[] = [];
  const rejected: RejectedRow[] = [];
  let columns: Columns | null = null;
  let seenFirst = false;
  let rowCount = 0;
  rows.forEach((cells, index) => {
    if (!cells.some((c) => cellText(c) !== '')) return;
    if (!seenFirst) {
      seenFirst = true;
      columns = headerColumns(cells);
      if (columns) return;
    }
    rowCount++;
    const result = lineFrom(cells, index + 1, columns);
    if ('problem' in result) rejected.push(result);
    else lines.push(result);
  });
  return { lines, rejected, rowCount };
}

/** The textarea: one line per row (Windows, Mac or Unix line ends). */
export function parseQuickOrderText(text: string): ParsedLines {
  return rowsToLines(text.split(/\r\n|\r|\n/).map(splitLine));
}

/** The key duplicates are merged by: the SKU in capitals without spaces (the API matches SKUs case-insensitively). */
export function skuKey(sku: string): string {
  return sku.trim().toUpperCase();
}
