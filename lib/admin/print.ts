/**
 * What staff print (issue 32, item 3): a packing list for whoever prepares the boxes, the budget and the
 * remito for the customer — for one order or many at once (`/admin/print?orders=12,13&doc=packing`).
 * Pure: reads the query string; the page loads each order through the staff API (which checks the role).
 */
export const PRINT_DOCS = ['packing', 'budget', 'remit'] as const;
export type PrintDoc = (typeof PRINT_DOCS)[number];

/** More than a day's dispatch: a bigger selection is printed in parts. */
export const MAX_PRINT_ORDERS = 50;

export interface PrintRequest {
  doc: PrintDoc;
  orderIds: number[];
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** `?orders=1,2,3&doc=packing` → the request; null when nothing printable was asked (the page answers 404). */
export function parsePrintRequest(query: Record<string, string | string[] | undefined>): PrintRequest | null {
  const doc = one(query.doc) ?? 'packing';
  if (!(PRINT_DOCS as readonly string[]).includes(doc)) return null;
  const raw = one(query.orders) ?? '';
  const ids: number[] = [];
  for (const part of raw.split(',')) {
    if (!/^\d{1,9}$/.test(part.trim())) return null;
    const id = Number(part.trim());
    if (id >= 1 && !ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0 || ids.length > MAX_PRINT_ORDERS) return null;
  return { doc: doc as PrintDoc, orderIds: ids };
}

/** The link that prints `doc` for these orders (the board's selection, one order's page). */
export function printHref(doc: PrintDoc, orderIds: readonly number[]): string {
  return `/admin/print?doc=${doc}&orders=${orderIds.slice(0, MAX_PRINT_ORDERS).join(',')}`;
}
