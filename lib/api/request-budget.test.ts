/** @jest-environment node */
import { callDeadlineMs, remainingMs, type RequestBudget } from './request-budget';

const budget: RequestBudget = { startedAt: 1000, totalMs: 4000 };

describe('one deadline budget per request', () => {
  it('outside a request (build, background work without a request) only the call deadline applies', () => {
    expect(remainingMs(undefined, 123)).toBe(Number.POSITIVE_INFINITY);
    expect(callDeadlineMs(4000, undefined, 123)).toBe(4000);
  });

  it('the first call of a render may wait its own deadline when the budget is untouched', () => {
    expect(callDeadlineMs(4000, budget, 1000)).toBe(4000);
  });

  it('the shell deadline is a cap inside the budget, not an addition', () => {
    expect(callDeadlineMs(1500, budget, 1000)).toBe(1500);
    // late in the budget the cap is what is left, not 1500
    expect(callDeadlineMs(1500, budget, 4200)).toBe(800);
  });

  it('a second call waits only for what the first left: both together fit in one deadline', () => {
    const firstStartedAt = 1000;
    const first = callDeadlineMs(1500, budget, firstStartedAt); // shell data, answered late
    const secondStartedAt = firstStartedAt + first; // the page data is asked after the shell's answer
    const second = callDeadlineMs(4000, budget, secondStartedAt);
    expect(first).toBe(1500);
    expect(second).toBe(2500);
    expect(secondStartedAt + second - budget.startedAt).toBe(budget.totalMs);
  });

  it('answers whole milliseconds, rounded down (AbortSignal.timeout takes integers)', () => {
    expect(callDeadlineMs(4000, budget, 1000.4)).toBe(3999);
    expect(callDeadlineMs(4000, budget, 4999.6)).toBe(0);
  });

  it('after the budget is spent a call fails at once (0), never with a negative or fresh deadline', () => {
    expect(remainingMs(budget, 5000)).toBe(0);
    expect(callDeadlineMs(4000, budget, 5000)).toBe(0);
    expect(callDeadlineMs(1500, budget, 9000)).toBe(0);
  });
});
