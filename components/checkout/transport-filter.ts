/**
 * The transport list of the checkout (spec §3 Shipping option, §5 Ordering): search by name (accents and
 * case ignored), disabled companies shown but not selectable.
 */
import type { TransportOption } from '@/lib/api/orders';

function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * Companies whose name (or whose parent company's name) contains the query, accents and case ignored,
 * in the API's order (each company followed by its branches).
 */
export function filterTransports(options: readonly TransportOption[], query: string): TransportOption[] {
  const q = foldText(query);
  if (!q) return [...options];
  const names = new Map(options.map((o) => [o.id, foldText(o.name)]));
  return options.filter((o) => names.get(o.id)!.includes(q) || (o.fatherId !== null && (names.get(o.fatherId) ?? '').includes(q)));
}
