/**
 * The price CSV of the bulk price change (issue 24 §2): reading the file staff edited in a spreadsheet.
 *
 * - bytes: UTF-8 (with or without BOM), UTF-16 with its BOM, or — what Excel in Spanish saves as "CSV" —
 *   Windows-1252; a file with NUL bytes or control characters is not a CSV (`encoding`);
 * - separator: `;` (Excel es-AR, our export), `,` or tab, whichever the header line uses;
 * - cells: RFC 4180 quotes; a leading apostrophe our export put before a formula-looking cell is removed,
 *   and a formula in an amount cell is simply not a number;
 * - columns by header name (any order, accents and case ignored): SKU, Nombre (ignored), Precio, Descuento,
 *   "Tramo N unidades" / "Tramo N precio" and "VIP N unidades" / "VIP N precio" (the tiers, in order);
 * - amounts as the shop writes them (lib/money/parse.ts: "21.500", "1.234,56", "198502,92", "$ 10").
 * Every bad row is listed with its line number; a row is either fully valid or not used at all.
 * Pure: no DOM, no Node APIs.
 */
import type { Cents } from '../money';
import { parseAmount } from '../money/parse';

export const MAX_CSV_ROWS = 20_000;

export const CSV_ROW_PROBLEMS = [
  'skuMissing',
  'duplicateSku',
  'unknownSku',
  'priceMissing',
  'priceInvalid',
  'priceNegative',
  'discountInvalid',
  'discountNegative',
  'discountAbovePrice',
  'tierIncomplete',
  'tierUnitsInvalid',
  'tierPriceInvalid',
  'tierUnitsNotIncreasing',
  'tierNotBelowPrice',
  'tierCountMismatch',
  'variationHasTiers',
] as const;
export type CsvRowProblem = (typeof CSV_ROW_PROBLEMS)[number];

type CsvFileProblem = 'encoding' | 'empty' | 'header' | 'tooManyRows';

interface CsvTier {
  units: number;
  cents: Cents;
  isVip: boolean;
}
export interface CsvPriceRow {
  line: number;
  sku: string;
  price: Cents;
  discount: Cents | null;
  tiers: CsvTier[];
}
export interface CsvBadRow {
  line: number;
  sku: string;
  problems: CsvRowProblem[];
}

export type ParsedPriceCsv = { ok: true; rows: CsvPriceRow[]; bad: CsvBadRow[] } | { ok: false; problem: CsvFileProblem };

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

/** The separator the header line uses (outside quotes): `;`, `,` or tab. */
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

/** RFC 4180 records (quotes doubled inside quoted cells; CRLF or LF); blank lines are dropped. */
export function parseCsvRecords(text: string, sep = detectSeparator(text)): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  let i = 0;
  let line = 1;
  while (i < text.length) {
    const nl = text.indexOf('\n', i);
    const end = nl < 0 ? text.length : nl;
    let seg = text.slice(i, end);
    if (!seg.includes('"')) {
      // fast path: a line without quotes is split as it is (most lines of a price list)
      if (seg.endsWith('\r')) seg = seg.slice(0, -1);
      if (seg.trim() !== '') out.push({ line, cells: seg.split(sep) });
      i = end + 1;
      line++;
      continue;
    }
    const r = quotedRecord(text, i, sep);
    if (r.cells.length > 1 || r.cells[0]!.trim() !== '') out.push({ line, cells: r.cells });
    i = r.next;
    line += r.lines;
  }
  return out;
}

/** One record that has quotes, from `start` to its line end outside quotes. */
function quotedRecord(text: string, start: number, sep: string): { cells: string[]; next: number; lines: number } {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let lines = 1;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') lines++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      cells.push(cell);
      return { cells, next: c === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1, lines };
    } else cell += c;
  }
  cells.push(cell);
  return { cells, next: text.length, lines };
}

const normalizeHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** What our export writes before a formula-looking cell, taken off again. */
const unNeutralise = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s).trim();

type Amount = { ok: true; cents: Cents } | { ok: false; negative: boolean };
function amount(raw: string): Amount {
  const s = unNeutralise(raw);
  if (/^-\s*\$?\s*\d/.test(s)) return { ok: false, negative: true };
  const r = parseAmount(s);
  return r.ok ? { ok: true, cents: r.cents } : { ok: false, negative: false };
}

type TierColumns = { units?: number; price?: number };

/** Reads the file's text: every valid row and every bad one (by line), or what is wrong with the whole file. */
export function parsePriceCsv(text: string): ParsedPriceCsv {
  const records = parseCsvRecords(text);
  if (records.length === 0) return { ok: false, problem: 'empty' };
  const header = records[0]!.cells.map((c) => normalizeHeader(unNeutralise(c)));
  const col = (name: string) => header.indexOf(name);
  const skuCol = col('sku');
  const priceCol = col('precio');
  const discountCol = header.findIndex((h) => h === 'descuento' || h === 'precio con descuento');
  if (skuCol < 0 || priceCol < 0) return { ok: false, problem: 'header' };
  const tierCols = { general: [] as TierColumns[], vip: [] as TierColumns[] };
  header.forEach((h, i) => {
    const m = /^(tramo|vip) (\d{1,2}) (unidades|precio)$/.exec(h);
    if (!m) return;
    const list = m[1] === 'vip' ? tierCols.vip : tierCols.general;
    const n = Number(m[2]) - 1;
    list[n] ??= {};
    list[n]![m[3] === 'unidades' ? 'units' : 'price'] = i;
  });
  const body = records.slice(1);
  if (body.length > MAX_CSV_ROWS) return { ok: false, problem: 'tooManyRows' };

  const rows: CsvPriceRow[] = [];
  const bad: CsvBadRow[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of body) {
    const cell = (i: number) => (i >= 0 ? unNeutralise(cells[i] ?? '') : '');
    const sku = cell(skuCol);
    const problems = new Set<CsvRowProblem>();
    if (!sku) problems.add('skuMissing');
    else if (seen.has(sku.toLowerCase())) problems.add('duplicateSku');
    if (sku) seen.add(sku.toLowerCase());

    let price: Cents | null = null;
    const rawPrice = cell(priceCol);
    if (!rawPrice) problems.add('priceMissing');
    else {
      const a = amount(rawPrice);
      if (a.ok) price = a.cents;
      else problems.add(a.negative ? 'priceNegative' : 'priceInvalid');
    }
    let discount: Cents | null = null;
    const rawDiscount = cell(discountCol);
    if (rawDiscount) {
      const a = amount(rawDiscount);
      if (a.ok) discount = a.cents;
      else problems.add(a.negative ? 'discountNegative' : 'discountInvalid');
    }
    if (price !== null && discount !== null && discount >= price) problems.add('discountAbovePrice');

    const tiers: CsvTier[] = [];
    for (const [isVip, list] of [
      [false, tierCols.general],
      [true, tierCols.vip],
    ] as const) {
      let last = 0;
      for (const tc of list) {
        if (!tc) continue;
        const rawUnits = cell(tc.units ?? -1);
        const rawTierPrice = cell(tc.price ?? -1);
        if (!rawUnits && !rawTierPrice) continue;
        if (!rawUnits || !rawTierPrice) {
          problems.add('tierIncomplete');
          continue;
        }
        const units = /^\d{1,6}$/.test(rawUnits) ? Number(rawUnits) : NaN;
        const unitsOk = Number.isInteger(units) && units >= 1 && units <= 100_000;
        const a = amount(rawTierPrice);
        if (!unitsOk) problems.add('tierUnitsInvalid');
        if (!a.ok) problems.add('tierPriceInvalid');
        if (!unitsOk || !a.ok) continue;
        if (units <= last) problems.add('tierUnitsNotIncreasing');
        last = units;
        if (price !== null && a.cents >= price) problems.add('tierNotBelowPrice');
        tiers.push({ units, cents: a.cents, isVip });
      }
    }
    if (problems.size) bad.push({ line, sku, problems: [...problems] });
    else rows.push({ line, sku, price: price!, discount, tiers });
  }
  return { ok: true, rows, bad };
}
