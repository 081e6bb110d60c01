/**
 * Argentine tax and identity numbers for billing data (spec §1 "Billing data is a tax condition plus a
 * CUIT, CUIL or DNI number", §5 Ordering). Pure; shared by the checkout form and the API.
 *
 * - CUIT / CUIL: 11 digits `XX-NNNNNNNN-D`. D is the modulo-11 check digit over the first 10 digits
 *   with weights 5,4,3,2,7,6,5,4,3,2: D = 11 − (Σ mod 11); 11 → 0; 10 → invalid (AFIP never issues it:
 *   such numbers are re-issued with prefix 23/33). Prefixes: CUIT 20, 23, 24, 25, 26, 27 (people),
 *   30, 33, 34 (companies); CUIL only the people prefixes 20, 23, 24, 25, 26, 27.
 * - DNI: 7 or 8 digits (dots allowed when typed, e.g. 12.345.678), not all zeros.
 *
 * Input is normalized first: spaces, dots, dashes and slashes are dropped, so "27-30123456-8",
 * "27 30123456 8" and "27301234568" are the same number. Stored and compared as digits only.
 */

export const DOCUMENT_TYPES = ['CUIT', 'CUIL', 'DNI'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Tax conditions the checkout offers (AFIP categories). */
export const TAX_CONDITIONS = ['Responsable Inscripto', 'Monotributista', 'Exento', 'Consumidor Final'] as const;

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const PERSON_PREFIXES = ['20', '23', '24', '25', '26', '27'];
const COMPANY_PREFIXES = ['30', '33', '34'];

/** Digits only: drops spaces, dots, dashes and slashes; anything else is kept (and fails the checks). */
export function normalizeDocumentNumber(input: string): string {
  return input.replace(/[\s.\-/]/g, '');
}

/** The modulo-11 check digit of the first 10 digits, or null when it would be 10 (no valid number). */
export function cuitCheckDigit(first10: string): number | null {
  if (!/^\d{10}$/.test(first10)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10[i]) * WEIGHTS[i];
  const d = 11 - (sum % 11);
  if (d === 11) return 0;
  if (d === 10) return null;
  return d;
}

function checkDigitMatches(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const expected = cuitCheckDigit(digits.slice(0, 10));
  return expected !== null && expected === Number(digits[10]);
}

/** A valid CUIT (people or company prefix, right check digit). Accepts separators. */
export function isValidCuit(input: string): boolean {
  const digits = normalizeDocumentNumber(input);
  const prefix = digits.slice(0, 2);
  return (PERSON_PREFIXES.includes(prefix) || COMPANY_PREFIXES.includes(prefix)) && checkDigitMatches(digits);
}

/** A valid CUIL (people prefix only, right check digit). Accepts separators. */
export function isValidCuil(input: string): boolean {
  const digits = normalizeDocumentNumber(input);
  return PERSON_PREFIXES.includes(digits.slice(0, 2)) && checkDigitMatches(digits);
}

/** A DNI: 7 or 8 digits (separators allowed), not zero. */
export function isValidDni(input: string): boolean {
  const digits = normalizeDocumentNumber(input);
  return /^\d{7,8}$/.test(digits) && Number(digits) > 0;
}

export function isValidDocument(type: DocumentType, input: string): boolean {
  if (type === 'CUIT') return isValidCuit(input);
  if (type === 'CUIL') return isValidCuil(input);
  return isValidDni(input);
}

/** "27301234568" → "27-30123456-8"; a DNI "12345678" → "12.345.678"; anything else unchanged. */
export function formatDocumentNumber(type: DocumentType, input: string): string {
  const d = normalizeDocumentNumber(input);
  if (type === 'DNI') return /^\d{7,8}$/.test(d) ? d.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : input;
  return /^\d{11}$/.test(d) ? `${d.slice(0, 2)}-${d.slice(2, 10)}-${d.slice(10)}` : input;
}

/** Spanish messages of the billing form / API (keys for the storefront's messages: checkout.billing.*). */
export const DOCUMENT_MESSAGES_ES = {
  CUIT: 'El CUIT no es válido',
  CUIL: 'El CUIL no es válido',
  DNI: 'El DNI no es válido (7 u 8 números)',
  duplicate: 'Ya tenemos registrado ese CUIT/CUIL/DNI',
  taxCondition: 'Elegí una condición frente al IVA',
} as const;
