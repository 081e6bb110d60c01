/**
 * One table, two files (issue 32 item 6): the staff exports describe their columns once and are written as
 * CSV (server/lib/csv.ts: es-AR Excel's `;` and decimal comma) or as XLSX with exceljs's streaming
 * WorkbookWriter (rows are committed as they are written, never a whole workbook in memory). Both neutralise
 * a text cell that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, CR first): it gets a
 * leading apostrophe, so a customer named "=HYPERLINK(…)" stays text (OWASP "CSV injection"). Numbers are
 * numbers (a negative amount is not a formula), dates are the shop's wall clock.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { SHOP_TIME_ZONE } from '../../lib/locales';
import { shopDay, shopWallClockAsUtc } from '../../lib/time';
import { csvPesos, neutralizeFormula, toCsv } from './csv';
import type { SheetFormat } from '../../lib/contracts/staff-exports';

/** text; int (units, numbers); pesos (2 decimals); datetime (an instant, shown in the shop's zone) */
type ColumnKind = 'text' | 'int' | 'pesos' | 'datetime';
interface SheetColumn {
  header: string;
  kind: ColumnKind;
  /** width in characters (XLSX) */
  width?: number;
}
type SheetCell = string | number | Date | null;

/** A column with how a row fills it: the header and its cell side by side, so they cannot drift apart. */
export interface RowColumn<T> extends SheetColumn {
  cell(row: T): SheetCell;
}

/** The sheet of these rows, one cell per column. */
export function sheetOf<T>(name: string, columns: readonly RowColumn<T>[], rows: readonly T[]): Sheet {
  return { name, columns, rows: rows.map((row) => columns.map((c) => c.cell(row))) };
}

export interface Sheet {
  /** the worksheet's name and the file's first word, e.g. "pedidos" → pedidos-2026-11-27.xlsx */
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly (readonly SheetCell[])[];
}

const when = new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

const NUM_FMT: Record<ColumnKind, string | undefined> = {
  text: undefined,
  int: '0',
  pesos: '#,##0.00',
  datetime: 'dd/mm/yyyy hh:mm',
};

function csvValue(kind: ColumnKind, v: SheetCell): string | number | null {
  if (v === null) return null;
  if (v instanceof Date) return when.format(v);
  if (kind === 'pesos' && typeof v === 'number') return csvPesos(v);
  return v;
}

function xlsxValue(kind: ColumnKind, v: SheetCell): string | number | Date | null {
  if (v === null) return null;
  if (v instanceof Date) return shopWallClockAsUtc(v);
  if (typeof v === 'number') return kind === 'text' ? String(v) : v;
  return neutralizeFormula(v);
}

function sheetCsv(sheet: Sheet): string {
  return toCsv(
    sheet.columns.map((c) => c.header),
    sheet.rows.map((r) => r.map((v, i) => csvValue(sheet.columns[i]!.kind, v))),
  );
}

/** The XLSX file as a stream, written row by row (exceljs WorkbookWriter). */
function sheetXlsx(sheet: Sheet): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Aromas del Alma';
  const ws = book.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheet.columns.map((c, i) => ({
    key: String(i),
    width: c.width ?? Math.max(10, c.header.length + 2),
    style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {},
  }));
  void (async () => {
    const header = ws.addRow(sheet.columns.map((c) => neutralizeFormula(c.header)));
    header.font = { bold: true };
    header.commit();
    for (const row of sheet.rows) ws.addRow(row.map((v, i) => xlsxValue(sheet.columns[i]!.kind, v))).commit();
    ws.commit();
    await book.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

const CONTENT_TYPE: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Answers the sheet as a download, `name-AAAA-MM-DD.csv|xlsx` (the shop's day), with the export's row count. */
export function sendSheet(reply: FastifyReply, sheet: Sheet, format: SheetFormat, truncated: boolean): FastifyReply {
  reply
    .header('content-type', CONTENT_TYPE[format])
    .header('content-disposition', `attachment; filename="${sheet.name}-${shopDay(new Date())}.${format}"`)
    .header('cache-control', 'no-store')
    .header('x-export-rows', String(sheet.rows.length))
    .header('x-export-truncated', truncated ? 'true' : 'false');
  return reply.send(format === 'csv' ? sheetCsv(sheet) : sheetXlsx(sheet));
}
