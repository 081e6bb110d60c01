/**
 * Zod building blocks shared by every contract: the response envelope and strict parsers for numbers that
 * arrive as strings in paths and query strings ("1e3", "0x10", " 1", "1.5" and "-1" are all rejected).
 * Plain zod, no server code: both processes import it.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { errorSchema } from './errors';
import { toCents } from '../money';

export const MAX_INT32 = 2_147_483_647;

/** A positive integer given as a decimal string, at most `max`. */
export function intString(max: number = MAX_INT32, min = 1) {
  return z
    .string()
    .regex(/^[0-9]{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/**
 * Free text from a URL: bounded length and no NUL byte (PostgreSQL rejects it in text, which would turn
 * a bad request into a 500).
 */
export function textParam(max: number, min = 0) {
  return z
    .string()
    .min(min)
    .max(max)
    .refine((s) => !s.includes('\u0000'), { message: 'NUL no permitido' });
}

/** A list's search box (`q`): trimmed, at most 100 characters, no NUL byte. */
export function searchText(max = 100) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((s) => !s.includes('\u0000'));
}

/** A peso amount typed by staff: ≥ 0, at most 2 decimals, within the integer-centavo columns (`max`). */
export function pesosInput(max: number) {
  return (
    z
      .number()
      .min(0)
      .max(max)
      // zod runs refinements after a failed max too: toCents throws beyond safe integers, so check the range first
      .refine((v) => Math.abs(v) <= max && Math.abs(toCents(v) - v * 100) < 1e-6, { message: 'máximo 2 decimales' })
  );
}

/** `:id` path parameter */
export const idParams = z.object({ id: intString().describe('Identificador numérico') });

/** The answer of a DELETE: the id of what it removed. */
export const deletedIdSchema = z.object({ id: z.number().int() });

/** Error envelope of every non-2xx answer: the shared contract, with its stable `code`. */
export { errorSchema };

/** Any answer of the API before its `data` is read: success, or an error with its message and code. */
export interface ApiEnvelope<T> {
  success: boolean;
  message?: string;
  /** on an error: its stable code (lib/contracts/errors.ts) */
  code?: string;
  data?: T;
}

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data,
  });
}

/** A success that carries only its message (a deletion, a mail sent, a sign-out). */
export const messageOnly = z.object({ success: z.literal(true), message: z.string() });

/** Standard error answers for the OpenAPI document. */
export const errorResponses = {
  400: errorSchema.describe('Los parametros son incorrectos'),
  404: errorSchema.describe('No encontrado'),
  429: errorSchema.describe('Demasiadas solicitudes'),
  500: errorSchema.describe('Error del servidor'),
} as const;
