/**
 * One deadline per incoming request, shared by every API call its render makes (issue 29).
 *
 * A render may call the API several times in a row: the layout awaits the shell data (menu, footer,
 * minimums) before the page's own component runs and awaits the page data. With a deadline per call,
 * a hung API cost such a render the shell's deadline plus the page's: more than the one deadline a
 * visitor was promised. So the request gets a budget of SHOP_API_TIMEOUT_MS from the moment it arrives
 * (lib/api/unavailable-status.ts records it), and each call may wait for whichever ends first: its own
 * deadline (the shell's 1500 ms is a cap inside the budget, not an addition) or what is left of the
 * budget. A call made after the budget is spent fails at once.
 *
 * Pure functions of the clock readings they are given (request-budget.test.ts).
 */

export interface RequestBudget {
  /** performance.now() when the request arrived */
  startedAt: number;
  /** the whole budget in ms (SHOP_API_TIMEOUT_MS) */
  totalMs: number;
}

/** What is left of the budget at `now` (never negative); Infinity outside a request (build, tests). */
export function remainingMs(budget: RequestBudget | undefined, now: number): number {
  if (!budget) return Number.POSITIVE_INFINITY;
  return Math.max(0, budget.startedAt + budget.totalMs - now);
}

/**
 * How long one call may wait: its own deadline, capped by what is left of the request's budget.
 * Whole milliseconds (timers take integers), rounded down so the call never outlives the budget.
 * 0 means the budget is spent: fail the call without sending it.
 */
export function callDeadlineMs(callMs: number, budget: RequestBudget | undefined, now: number): number {
  return Math.max(0, Math.floor(Math.min(callMs, remainingMs(budget, now))));
}
