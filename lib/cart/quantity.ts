/**
 * Quantity-input rules (spec §5 "Quantity input", §9 defaults) as pure functions.
 *
 * The valid quantities of an item are 0 ("not in the cart") and every multiple of `step` between
 * `min` and `max`. `lowest` and `highest` are the smallest and largest of those multiples:
 * min 5, step 3, max 20 → 6, 9, …, 18.
 *
 * - clamp (on blur / key-up): ≤ 0 or not a number → 0; otherwise snapped down to a multiple of the
 *   step and kept within lowest..highest, so a value below the minimum but above 0 goes UP to
 *   `lowest` (the customer meant to buy some) and one above the maximum comes down to `highest`.
 * - increment (+): one step up from the clamped value, capped at `highest`; from 0 that is `lowest`.
 * - decrement (−): one step down from the clamped value; below `lowest` it becomes 0.
 * - canIncrement: false at `highest` (no larger valid quantity); canDecrement: false at ≤ 0.
 */

/** Spec §9: max when absent or 0. */
export const DEFAULT_MAX_QUANTITY = 5000;
/** Spec §4: a quantity change reaches the cart after this pause. */
export const QUANTITY_DEBOUNCE_MS = 200;

/** The limits as products carry them (absent or 0 = default). */
export interface QuantityLimits {
  min?: number | null;
  max?: number | null;
  steps?: number | null;
}

export interface QuantityBounds {
  min: number;
  max: number;
  step: number;
  /** Smallest valid quantity above 0. */
  lowest: number;
  /** Largest valid quantity. */
  highest: number;
}

function positiveInteger(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : 0;
}

/**
 * Defaults of spec §9: min 0, max 5000, step 1 when absent, 0 or not a positive number.
 * A max below the min is raised to the min. If no multiple of the step fits between min and max
 * (a misconfigured product), the step is dropped (1) so the product stays buyable.
 */
export function normalizeBounds(limits: QuantityLimits): QuantityBounds {
  const min = positiveInteger(limits.min);
  const max = Math.max(positiveInteger(limits.max) || DEFAULT_MAX_QUANTITY, min);
  let step = positiveInteger(limits.steps) || 1;
  let lowest = Math.ceil(Math.max(min, 1) / step) * step;
  let highest = Math.floor(max / step) * step;
  if (lowest > highest) {
    step = 1;
    lowest = Math.max(min, 1);
    highest = max;
  }
  return { min, max, step, lowest, highest };
}

/** The largest multiple of `step` not above `value` (for value ≥ 0). */
export function snapDown(value: number, step: number): number {
  return Math.floor(value / step) * step;
}

/**
 * What the field holds after typing: an empty field → 0; digits (a decimal part is dropped) →
 * that number, not yet clamped; anything else (letters, signs) is ignored → `current`.
 */
export function parseInput(text: string, current: number): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+(?:[.,]\d*)?$/.test(trimmed)) return current;
  return Math.floor(Number(trimmed.replace(',', '.')));
}

/** The valid quantity for `value` (see the module comment). */
export function clamp(value: number, bounds: QuantityBounds): number {
  if (!(value >= 1)) return 0; // also NaN
  if (value >= bounds.highest) return bounds.highest;
  return Math.max(snapDown(value, bounds.step), bounds.lowest);
}

/** Is `value` one of the valid quantities (0 included)? */
export function isValidQuantity(value: number, bounds: QuantityBounds): boolean {
  return value === 0 || (Number.isInteger(value) && clamp(value, bounds) === value);
}

/** The + button. */
export function increment(value: number, bounds: QuantityBounds): number {
  // clamp(0 + step) is `lowest`, so "from 0" needs no special case.
  return clamp(clamp(value, bounds) + bounds.step, bounds);
}

/** The − button. */
export function decrement(value: number, bounds: QuantityBounds): number {
  const next = clamp(value, bounds) - bounds.step;
  return next < bounds.lowest ? 0 : next;
}

export function canIncrement(value: number, bounds: QuantityBounds): boolean {
  return clamp(value, bounds) < bounds.highest;
}

export function canDecrement(value: number): boolean {
  return value > 0;
}

/** Why a requested quantity is not one of the valid ones (see `checkQuantity`). */
type QuantityProblem = 'zero' | 'belowMin' | 'aboveMax' | 'notMultiple';

export interface QuantityCheck {
  /** null: the quantity is valid as it is. */
  problem: QuantityProblem | null;
  /**
   * The valid quantities nearest to the requested one (one or two, ascending, none equal to it): for a
   * quantity between two multiples of the step, the one below and the one above; below the minimum, the
   * lowest; above the maximum, the highest.
   */
  nearest: number[];
}

/**
 * A quantity someone typed or pasted (quick order, reorder), checked against the same rules as the cart's
 * quantity selector and the API's order validation (`normalizeBounds`, `isValidQuantity`). Unlike `clamp`,
 * it does not fix the value: it says what is wrong and which valid quantities are nearest.
 */
export function checkQuantity(value: number, bounds: QuantityBounds): QuantityCheck {
  if (!Number.isSafeInteger(value) || value <= 0) return { problem: 'zero', nearest: [bounds.lowest] };
  if (value < bounds.lowest) return { problem: 'belowMin', nearest: [bounds.lowest] };
  if (value > bounds.highest) return { problem: 'aboveMax', nearest: [bounds.highest] };
  if (isValidQuantity(value, bounds)) return { problem: null, nearest: [] };
  const below = snapDown(value, bounds.step);
  const above = below + bounds.step;
  const nearest = [below, above].filter((q) => q >= bounds.lowest && q <= bounds.highest);
  return { problem: 'notMultiple', nearest };
}
