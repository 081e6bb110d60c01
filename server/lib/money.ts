import { fromCents } from '../../lib/money';

/**
 * Nullable wrapper over the shared money module (lib/money): the database stores integer centavos,
 * the wire carries peso numbers. All other conversions use lib/money directly.
 */
export function centsToPesos(cents: number): number;
export function centsToPesos(cents: number | null): number | null;
export function centsToPesos(cents: number | null): number | null {
  return cents == null ? null : fromCents(cents);
}
