import fc from 'fast-check';
import {
  DEFAULT_MAX_QUANTITY,
  QUANTITY_DEBOUNCE_MS,
  canDecrement,
  canIncrement,
  clamp,
  decrement,
  increment,
  isValidQuantity,
  normalizeBounds,
  parseInput,
  snapDown,
} from './quantity';

describe('normalizeBounds', () => {
  it('applies the spec §9 defaults when absent or 0', () => {
    const expected = { min: 0, max: 5000, step: 1, lowest: 1, highest: 5000 };
    expect(normalizeBounds({})).toEqual(expected);
    expect(normalizeBounds({ min: 0, max: 0, steps: 0 })).toEqual(expected);
    expect(normalizeBounds({ min: null, max: null, steps: null })).toEqual(expected);
    expect(normalizeBounds({ min: -3, max: NaN, steps: -2 })).toEqual(expected);
    expect(DEFAULT_MAX_QUANTITY).toBe(5000);
    expect(QUANTITY_DEBOUNCE_MS).toBe(200);
  });

  it('keeps given limits and derives the lowest and highest multiples of the step', () => {
    expect(normalizeBounds({ min: 5, max: 20, steps: 3 })).toEqual({ min: 5, max: 20, step: 3, lowest: 6, highest: 18 });
    expect(normalizeBounds({ min: 6, max: 24, steps: 6 })).toEqual({ min: 6, max: 24, step: 6, lowest: 6, highest: 24 });
    expect(normalizeBounds({ min: 0, max: 100, steps: 12 })).toEqual({ min: 0, max: 100, step: 12, lowest: 12, highest: 96 });
    expect(normalizeBounds({ steps: 10 })).toMatchObject({ lowest: 10, highest: 5000 });
  });

  it('raises a max below the min to the min', () => {
    expect(normalizeBounds({ min: 50, max: 10 })).toEqual({ min: 50, max: 50, step: 1, lowest: 50, highest: 50 });
  });

  it('drops a step that has no multiple between min and max', () => {
    expect(normalizeBounds({ min: 3, max: 5, steps: 10 })).toEqual({ min: 3, max: 5, step: 1, lowest: 3, highest: 5 });
  });

  it('floors fractional limits', () => {
    expect(normalizeBounds({ min: 2.7, max: 10.9, steps: 2.5 })).toEqual({ min: 2, max: 10, step: 2, lowest: 2, highest: 10 });
  });
});

describe('parseInput', () => {
  it.each([
    ['', 7, 0],
    ['   ', 7, 0],
    ['12', 7, 12],
    [' 12 ', 7, 12],
    ['0', 7, 0],
    ['007', 3, 7],
    ['12.9', 7, 12],
    ['12,5', 7, 12],
    ['12.', 7, 12],
    ['abc', 7, 7],
    ['12abc', 7, 7],
    ['-3', 7, 7],
    ['+3', 7, 7],
    ['1e3', 7, 7],
    ['0x10', 7, 7],
    ['.5', 7, 7],
    ['99999', 1, 99999],
  ])('parseInput(%p, %p) = %p', (input, current, expected) => {
    expect(parseInput(input, current)).toBe(expected);
  });
});

describe('snapDown', () => {
  it('snaps down to a multiple of the step', () => {
    expect(snapDown(7, 3)).toBe(6);
    expect(snapDown(6, 3)).toBe(6);
    expect(snapDown(2, 3)).toBe(0);
    expect(snapDown(7, 1)).toBe(7);
  });
});

describe('clamp', () => {
  const b = normalizeBounds({ min: 5, max: 20, steps: 3 }); // valid: 0, 6, 9, 12, 15, 18

  it.each([
    [0, 0],
    [-4, 0],
    [NaN, 0],
    [0.5, 0],
    [1, 6], // above 0 but below the minimum: up to the lowest valid quantity
    [5, 6],
    [6, 6],
    [7, 6],
    [8, 6],
    [9, 9],
    [17, 15],
    [18, 18],
    [19, 18],
    [20, 18],
    [5000, 18],
    [Infinity, 18],
  ])('min 5, max 20, step 3: clamp(%p) = %p', (value, expected) => {
    expect(clamp(value, b)).toBe(expected);
  });

  it('with defaults keeps 1..5000 and floors fractions', () => {
    const d = normalizeBounds({});
    expect(clamp(1, d)).toBe(1);
    expect(clamp(2.9, d)).toBe(2);
    expect(clamp(4999, d)).toBe(4999);
    expect(clamp(5001, d)).toBe(5000);
  });

  it('with a minimum and step 1, below the minimum goes to the minimum', () => {
    const m = normalizeBounds({ min: 10 });
    expect(clamp(3, m)).toBe(10);
    expect(clamp(0, m)).toBe(0);
    expect(clamp(11, m)).toBe(11);
  });

  it('always lands on a valid quantity and is idempotent', () => {
    fc.assert(
      fc.property(
        fc.record({ min: fc.nat(60), max: fc.nat(200), steps: fc.nat(15) }),
        fc.double({ min: -10, max: 400, noNaN: true }),
        (limits, value) => {
          const bounds = normalizeBounds(limits);
          const clamped = clamp(value, bounds);
          expect(isValidQuantity(clamped, bounds)).toBe(true);
          expect(clamp(clamped, bounds)).toBe(clamped);
          if (clamped > 0) {
            expect(clamped % bounds.step).toBe(0);
            expect(clamped).toBeGreaterThanOrEqual(bounds.min);
            expect(clamped).toBeLessThanOrEqual(bounds.max);
          }
        },
      ),
    );
  });
});

describe('isValidQuantity', () => {
  const b = normalizeBounds({ min: 5, max: 20, steps: 3 });
  it.each([
    [0, true],
    [6, true],
    [18, true],
    [3, false],
    [7, false],
    [21, false],
    [6.5, false],
    [-6, false],
  ])('%p → %p', (value, expected) => {
    expect(isValidQuantity(value, b)).toBe(expected);
  });
});

describe('increment', () => {
  const b = normalizeBounds({ min: 5, max: 20, steps: 3 });

  it('from 0 goes to the lowest valid quantity (the step, raised to the minimum)', () => {
    expect(increment(0, b)).toBe(6);
    expect(increment(0, normalizeBounds({}))).toBe(1);
    expect(increment(0, normalizeBounds({ steps: 12 }))).toBe(12);
    expect(increment(0, normalizeBounds({ min: 10 }))).toBe(10);
  });

  it('adds one step, capped at the maximum', () => {
    expect(increment(6, b)).toBe(9);
    expect(increment(15, b)).toBe(18);
    expect(increment(18, b)).toBe(18);
    expect(increment(4999, normalizeBounds({}))).toBe(5000);
    expect(increment(5000, normalizeBounds({}))).toBe(5000);
  });

  it('starts from the clamped value when the field holds an invalid one', () => {
    expect(increment(7, b)).toBe(9);
    expect(increment(2, b)).toBe(9); // 2 → 6 → 9
    expect(increment(100, b)).toBe(18);
  });
});

describe('decrement', () => {
  const b = normalizeBounds({ min: 5, max: 20, steps: 3 });

  it('subtracts one step', () => {
    expect(decrement(18, b)).toBe(15);
    expect(decrement(9, b)).toBe(6);
    expect(decrement(3, normalizeBounds({}))).toBe(2);
  });

  it('goes to 0 when the result would fall below the minimum', () => {
    expect(decrement(6, b)).toBe(0);
    expect(decrement(10, normalizeBounds({ min: 10 }))).toBe(0);
    expect(decrement(11, normalizeBounds({ min: 10 }))).toBe(10);
    expect(decrement(1, normalizeBounds({}))).toBe(0);
  });

  it('stays at 0 from 0 or below', () => {
    expect(decrement(0, b)).toBe(0);
    expect(decrement(-5, b)).toBe(0);
  });

  it('starts from the clamped value', () => {
    expect(decrement(100, b)).toBe(15);
    expect(decrement(10, b)).toBe(6); // 10 → 9 → 6
  });
});

describe('canIncrement / canDecrement', () => {
  const b = normalizeBounds({ min: 5, max: 20, steps: 3 });

  it('disables + at the maximum', () => {
    expect(canIncrement(0, b)).toBe(true);
    expect(canIncrement(15, b)).toBe(true);
    expect(canIncrement(18, b)).toBe(false); // 21 would pass max 20
    expect(canIncrement(20, b)).toBe(false);
    expect(canIncrement(5000, normalizeBounds({}))).toBe(false);
    expect(canIncrement(4999, normalizeBounds({}))).toBe(true);
  });

  it('disables − at 0 or less', () => {
    expect(canDecrement(0)).toBe(false);
    expect(canDecrement(-1)).toBe(false);
    expect(canDecrement(1)).toBe(true);
  });

  it('+ and − move between valid quantities and stop at the ends', () => {
    fc.assert(
      fc.property(fc.record({ min: fc.nat(60), max: fc.nat(200), steps: fc.nat(15) }), fc.nat(300), (limits, start) => {
        const bounds = normalizeBounds(limits);
        const up = increment(start, bounds);
        expect(isValidQuantity(up, bounds)).toBe(true);
        expect(up).toBeGreaterThanOrEqual(clamp(start, bounds));
        if (canIncrement(start, bounds)) expect(up).toBeGreaterThan(clamp(start, bounds));
        else expect(up).toBe(bounds.highest);
        const down = decrement(start, bounds);
        expect(isValidQuantity(down, bounds)).toBe(true);
        if (canDecrement(start)) expect(down).toBeLessThan(clamp(start, bounds));
        else expect(down).toBe(0);
      }),
    );
  });
});
