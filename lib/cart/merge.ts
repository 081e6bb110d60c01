/**
 * The saved cart's merge rules (issue 23 §4), pure, shared by the API (services/saved-cart) and the browser's
 * sync (components/cart/server-sync):
 *
 * - A device sends the per-line CHANGES between the copy it started from (`base`) and what it holds now
 *   (`diffLines`); the server applies them to whatever it holds at that moment (`resolveUnits`, mode
 *   'changes': last write per line wins, 0 removes). A line the device did not touch is not in the changes,
 *   so another device's line is never lost, however stale the device's copy was.
 * - On sign-in the device's cart meets the saved one (mode 'signIn'): the same line keeps the LARGER
 *   quantity; a device line never removes a saved one.
 * - Whatever the mode, the resulting units are snapped to the product's min/max/steps (lib/cart/quantity
 *   `clamp`, the cart's own rule).
 * - While a write is in flight the device may change more lines: `rebase` lays those later changes over the
 *   server's answer, so the answer never undoes what the customer just did.
 */
import { clamp, type QuantityBounds } from './quantity';

export interface LineUnits {
  id: number;
  units: number;
}

export type CartWriteMode = 'changes' | 'signIn';

/** id → units (positive) */
export type UnitsById = ReadonlyMap<number, number>;

export function unitsById(lines: readonly LineUnits[]): Map<number, number> {
  return new Map(lines.filter((l) => l.units > 0).map((l) => [l.id, l.units]));
}

/**
 * The changes that turn `base` into `current`: a line added or whose units changed carries its new units, a
 * line gone carries 0. Ids in `skip` are left out (the device's flagged lines: hidden or out of stock, kept
 * on the device but never written from it).
 */
export function diffLines(base: UnitsById, current: UnitsById, skip: ReadonlySet<number> = new Set()): LineUnits[] {
  const out: LineUnits[] = [];
  for (const [id, units] of current) {
    if (!skip.has(id) && base.get(id) !== units) out.push({ id, units });
  }
  for (const id of base.keys()) {
    if (!skip.has(id) && !current.has(id)) out.push({ id, units: 0 });
  }
  return out;
}

/**
 * The units a line ends with: `saved` is what the server holds (0 when absent), `incoming` what the device
 * sent. 'changes': the device's write wins; 'signIn': the larger of the two. Snapped to the bounds; 0 removes.
 */
export function resolveUnits(mode: CartWriteMode, saved: number, incoming: number, bounds: QuantityBounds): number {
  const wanted = mode === 'signIn' ? Math.max(saved, incoming) : incoming;
  return wanted <= 0 ? 0 : clamp(wanted, bounds);
}

/** `changes` applied to `lines` (0 removes); lines keep their order, new ones go last. */
export function applyChanges(lines: UnitsById, changes: readonly LineUnits[]): Map<number, number> {
  const out = new Map(lines);
  for (const { id, units } of changes) {
    if (units > 0) out.set(id, units);
    else out.delete(id);
  }
  return out;
}

/**
 * What the device should hold once a write answered: the server's lines, with the changes the device made
 * since it sent (`sent` → `current`) laid on top, and those changes, still to be written.
 */
export function rebase(
  server: UnitsById,
  sent: UnitsById,
  current: UnitsById,
  skip: ReadonlySet<number> = new Set(),
): { lines: Map<number, number>; pending: LineUnits[] } {
  const pending = diffLines(sent, current, skip);
  return { lines: applyChanges(server, pending), pending };
}
