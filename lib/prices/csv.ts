/**
 * The price CSV of the bulk price change (issue 24 §2): reading the file staff edited in a spreadsheet.
 *
 * - bytes, separator and records: lib/csv (one reader for every upload); a broken quote is `malformed`;
 * - cells: a leading apostrophe our export put before a formula-looking cell is removed,
 *   and a formula in an amount cell is simply not a number;
 * - columns by header name (any order, accents and case ignored): SKU, Nombre (ignored), Precio, Descuento,
 *   "Tramo N unidades" / "Tramo N precio" and "VIP N unidades" / "VIP N precio" (the tiers, in order);
 * - amounts as the shop writes them (lib/money/parse.ts: "21.500", "1.234,56", "198502,92", "$ 10").
 * Every bad row is listed with its line number; a row is either fully valid or not used at all.
 * Pure: no DOM, no Node APIs.
 */
import type { Cents } from '../money';
import { parseAmount } from '../money/parse';
import { CsvError, readCsv } from '../csv';

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

type CsvFileProblem = 'encoding' | 'malformed' | 'empty' | 'header' | 'tooManyRows';

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

export type ParsedPriceCsv = { ok: true; rows: CsvPriceRow[]; bad: CsvBadRow[] } | { ok: false; problem: CsvFileProblem; line?: number };

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
  let records;
  try {
    records = readCsv(text, { maxRecords: MAX_CSV_ROWS + 1 });
  } catch (err) {
    if (err instanceof CsvError) return { ok: false, problem: 'malformed', line: err.row };
    throw err;
  }
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
