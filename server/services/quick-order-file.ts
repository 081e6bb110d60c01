/**
 * Reads an uploaded quick order file (issue 23 §2): CSV (any of `;` `,` tab) or XLSX (first sheet), header
 * row optional, into lines with lib/wholesale/lines. Formulas are never evaluated: a formula cell gives the
 * value the spreadsheet saved with it (its cached result); one saved without a result rejects the file.
 * Every failure is an HttpError 400 with a Spanish message (never a 500): not a CSV/XLSX, a broken file,
 * malformed CSV, more than 500 lines, no line at all.
 */
import ExcelJS from 'exceljs';
import { QUICK_ORDER_MAX_LINES, rowsToLines, type Cell, type ParsedLines } from '../../lib/wholesale/lines';
import { CsvError, decodeCsvBytes, readCsv as readCsvRecords } from '../../lib/csv';
import { HttpError } from '../errors';
import { checkZipLimits } from '../lib/zip-limits';

export const QUICK_ORDER_MESSAGES = {
  noFile: 'No seleccionaste un archivo',
  empty: 'El archivo no tiene ninguna línea con SKU y cantidad',
  tooLarge: 'El archivo pesa más de 1 MB',
  bodyTooLarge: 'El pedido pesa más de 1 MB',
  tooManyLines: `El pedido rápido admite hasta ${QUICK_ORDER_MAX_LINES} líneas: dividilo en partes`,
  fileType: 'El archivo debe ser una planilla XLSX o un CSV',
  csvMalformed: (row: number) => `El CSV está mal formado (revisá las comillas de la fila ${row})`,
  xlsxBroken: 'No pudimos leer la planilla XLSX: guardala de nuevo desde Excel o Google Sheets',
  xlsxTooLarge: 'La planilla XLSX es demasiado grande al descomprimirla: dejá sólo la hoja con el pedido',
  xlsxNoSheet: 'La planilla XLSX no tiene hojas',
  xlsxFormula: (ref: string) => `La celda ${ref} tiene una fórmula sin valor calculado: guardá la planilla con los valores`,
  badLines: 'Las líneas del pedido no son válidas: cada una necesita un SKU y una cantidad entera',
} as const;

const M = QUICK_ORDER_MESSAGES;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** 500 lines need well under 1 MB of sheet XML; 20 MB leaves room for styles, images and other sheets. */
const XLSX_LIMITS = { maxUnpackedBytes: 20 * 1024 * 1024, maxEntries: 1_000 };

function tooMany(rows: number): void {
  if (rows > QUICK_ORDER_MAX_LINES) throw HttpError.badRequest(M.tooManyLines);
}

function finish(parsed: ParsedLines): ParsedLines {
  tooMany(parsed.rowCount);
  if (parsed.rowCount === 0) throw HttpError.badRequest(M.empty);
  return parsed;
}

function readCsv(data: Buffer): ParsedLines {
  // text only (lib/csv): NUL bytes or other controls mean a binary file (an .xls, a PDF…), not a CSV
  const text = decodeCsvBytes(data);
  if (text === null) throw HttpError.badRequest(M.fileType);
  // each record at its line (as the XLSX rows below): the results name the file's own line numbers
  const rows: string[][] = [];
  try {
    for (const r of readCsvRecords(text, { maxRecords: QUICK_ORDER_MAX_LINES + 1 })) rows[r.line - 1] = r.cells;
  } catch (err) {
    if (err instanceof CsvError) throw HttpError.badRequest(M.csvMalformed(err.row));
    throw err;
  }
  return finish(rowsToLines(Array.from(rows, (r) => r ?? [])));
}

type ExcelValue = ExcelJS.CellValue;

/** A cell's value as the quick order reads it (see the module comment). */
function excelCell(value: ExcelValue, ref: string): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean' || value instanceof Date) return String(value);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (result === undefined || result === null || (typeof result === 'object' && 'error' in result)) throw HttpError.badRequest(M.xlsxFormula(ref));
      return typeof result === 'number' || typeof result === 'string' ? result : String(result);
    }
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink
    if ('error' in value) return null;
  }
  return null;
}

async function readXlsx(data: Buffer): Promise<ParsedLines> {
  const verdict = await checkZipLimits(data, XLSX_LIMITS);
  if (verdict === 'broken') throw HttpError.badRequest(M.xlsxBroken);
  if (verdict !== 'ok') throw HttpError.badRequest(M.xlsxTooLarge);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs' types predate Node's generic Buffer
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw HttpError.badRequest(M.xlsxBroken);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw HttpError.badRequest(M.xlsxNoSheet);
  // counted before reading cells: a 10,000-row sheet is refused without walking it
  tooMany(sheet.actualRowCount - 1);
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = excelCell(cell.value, cell.address);
    });
    rows[rowNumber - 1] = cells;
  });
  return finish(rowsToLines(Array.from(rows, (r) => r ?? [])));
}

/** The file's lines; throws HttpError 400 (see the module comment). */
export async function readQuickOrderFile(data: Buffer): Promise<ParsedLines> {
  if (data.length === 0) throw HttpError.badRequest(M.empty);
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) return readXlsx(data);
  return readCsv(data);
}
