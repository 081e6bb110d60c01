/**
 * Limits on adding products to an existing order (spec §4 "Additions to an existing order", §9):
 *
 * | stage      | order states        | additions allowed in the stage |
 * |------------|---------------------|--------------------------------|
 * | received   | received            | unlimited (not started yet)     |
 * | started    | started             | 3                               |
 * | review     | review              | 1                               |
 * | prepared   | accepted, waiting   | 1 ("prepared and notified": the customer accepted the budget and the shop prepares it / has it ready and told the customer) |
 * | —          | shipped and final   | none (the add move is not in the transition table) |
 *
 * An addition moves the order to `modified`; while modified, the order stays in the stage it came from
 * (stored on the order as `additionsStage`), so going back and forth does not reset the count. The count
 * (`additionsCount`) belongs to that stage and starts again at 0 when the order reaches a new stage
 * (e.g. staff sends the budget: started → review gives the customer 1 more addition).
 */
import type { OrderState } from './states';

export type AdditionStage = 'received' | 'started' | 'review' | 'prepared';

/** Additions per stage; null = unlimited. */
export const ADDITION_LIMITS: Readonly<Record<AdditionStage, number | null>> = Object.freeze({
  received: null,
  started: 3,
  review: 1,
  prepared: 1,
});

/** The stage of a state; `modified` keeps `storedStage` (the stage it came from). null = no additions. */
export function additionStageOf(state: OrderState, storedStage: AdditionStage | null): AdditionStage | null {
  switch (state) {
    case 'received':
      return 'received';
    case 'started':
      return 'started';
    case 'review':
      return 'review';
    case 'accepted':
    case 'waiting':
      return 'prepared';
    case 'modified':
      return storedStage ?? 'received';
    default:
      return null;
  }
}

export function isAdditionStage(value: unknown): value is AdditionStage {
  return value === 'received' || value === 'started' || value === 'review' || value === 'prepared';
}

export interface AdditionsStatus {
  /** the stage an addition now would count in, or null when no addition is possible */
  stage: AdditionStage | null;
  /** additions already made in that stage */
  used: number;
  /** the stage's limit; null = unlimited */
  limit: number | null;
  /** how many more are allowed; null = unlimited; 0 = none */
  remaining: number | null;
}

/**
 * What the customer may still add, from the order's state and its stored counter
 * (`count` additions made in `storedStage`).
 */
export function additionsStatus(state: OrderState, storedStage: AdditionStage | null, count: number): AdditionsStatus {
  const stage = additionStageOf(state, storedStage);
  if (stage === null) return { stage: null, used: 0, limit: 0, remaining: 0 };
  const used = stage === storedStage ? Math.max(0, count) : 0;
  const limit = ADDITION_LIMITS[stage];
  return { stage, used, limit, remaining: limit === null ? null : Math.max(0, limit - used) };
}

export function canAddToOrder(state: OrderState, storedStage: AdditionStage | null, count: number): boolean {
  const s = additionsStatus(state, storedStage, count);
  return s.stage !== null && (s.remaining === null || s.remaining > 0);
}

/** The counter after one more addition: `{ stage, count }` to store on the order. */
export function recordAddition(
  state: OrderState,
  storedStage: AdditionStage | null,
  count: number,
): { stage: AdditionStage; count: number } {
  const s = additionsStatus(state, storedStage, count);
  if (s.stage === null || s.remaining === 0) throw new RangeError(`no additions allowed in ${state}`);
  return { stage: s.stage, count: s.used + 1 };
}
