/**
 * Reading a peso amount typed by staff, the way the shop writes it (es-AR): "21.500" is twenty-one thousand
 * five hundred, "21.500,50" has centavos, "21,5" is twenty-one and a half.
 *
 * Every money input of the back-office goes through this one function (issue 32, item 5): before it, two
 * copies replaced "," by "." and so refused "21.500" and read "21.50" as $ 21,50 — a typo that cut a price
 * 1000× without a word. Rules:
 * - an optional "$" and spaces (also NBSP) around the number;
 * - "." groups thousands, always in groups of three ("1.234.567"); "," is the decimal mark (1–2 digits);
 * - a single "." followed by one or two digits and no "," ("10.25") is read as a decimal point, the way a
 *   computer keyboard types it — the editors echo the amount back ("= $ 10,25") before it is saved;
 * - nothing else: no exponent ("1e3"), no sign, no third decimal, no mixed groups ("1.23.4").
 * Pure: no DOM, no Node APIs (the storefront and the API can both use it).
 */
import { formatCents, fromCents, toCents, type Cents } from './index';

type AmountProblem = 'empty' | 'format' | 'tooLarge';

export type ParsedAmount = { ok: true; pesos: number; cents: Cents } | { ok: false; problem: AmountProblem };

/** The largest amount a product price may hold (the integer-centavo columns allow far more). */
export const MAX_PRICE_PESOS = 20_000_000;

const GROUPED = /^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/; // 21.500 · 1.234.567,8
const PLAIN_COMMA = /^\d+(?:,\d{1,2})?$/; // 21500 · 21500,5
const DOT_DECIMAL = /^\d+\.\d{1,2}$/; // 10.25 (a computer's decimal point)

export function parseAmount(raw: string, max: number = MAX_PRICE_PESOS): ParsedAmount {
  const s = raw.replace(/[\s\u00a0]+/g, '').replace(/^\$/, '');
  if (s === '') return { ok: false, problem: 'empty' };
  let normalized: string;
  if (GROUPED.test(s)) normalized = s.replace(/\./g, '').replace(',', '.');
  else if (PLAIN_COMMA.test(s)) normalized = s.replace(',', '.');
  else if (DOT_DECIMAL.test(s)) normalized = s;
  else return { ok: false, problem: 'format' };
  // digits only from here: at most 16 significant ones keep the number exact
  if (normalized.replace('.', '').replace(/^0+/, '').length > 15) return { ok: false, problem: 'tooLarge' };
  const pesos = Number(normalized);
  if (pesos > max) return { ok: false, problem: 'tooLarge' };
  const cents = toCents(pesos);
  return { ok: true, pesos: fromCents(cents), cents };
}

/** `parseAmount(raw).pesos`, or null when it is not a valid amount (for zod refinements and payloads). */
export function parsePesosInput(raw: string, max: number = MAX_PRICE_PESOS): number | null {
  const r = parseAmount(raw, max);
  return r.ok ? r.pesos : null;
}

/**
 * A peso amount as staff would type it back into an input: "21.500", "15.682,50" (no "$"), so that what an
 * editor shows is read by `parseAmount` as the same amount.
 */
export function formatAmountInput(pesos: number): string {
  const text = formatCents(toCents(pesos)).replace(/^-?\$\u00a0/, '');
  return text.endsWith(',00') ? text.slice(0, -3) : text;
}

/** The echo shown under an amount input: "$ 21.500,00" for what was typed, or null while it is not valid. */
export function echoAmount(raw: string, max: number = MAX_PRICE_PESOS): string | null {
  const r = parseAmount(raw, max);
  return r.ok ? formatCents(r.cents) : null;
}
