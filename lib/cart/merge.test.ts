import { applyChanges, diffLines, rebase, resolveUnits, unitsById } from './merge';
import { normalizeBounds } from './quantity';

const m = (entries: [number, number][]) => new Map(entries);
const plain = normalizeBounds({});
const stepped = normalizeBounds({ min: 12, steps: 6, max: 120 });

describe('diffLines', () => {
  it('sends added and changed lines with their units and removed ones as 0, nothing for untouched lines', () => {
    expect(diffLines(m([[1, 2], [2, 3], [3, 4]]), m([[1, 2], [2, 5], [4, 1]]))).toEqual([
      { id: 2, units: 5 },
      { id: 4, units: 1 },
      { id: 3, units: 0 },
    ]);
    expect(diffLines(m([[1, 2]]), m([[1, 2]]))).toEqual([]);
  });

  it('leaves the skipped (flagged) ids out both ways', () => {
    expect(diffLines(m([[1, 2]]), m([[2, 3]]), new Set([1, 2]))).toEqual([]);
  });
});

describe('resolveUnits', () => {
  it("'changes': the device's write wins, snapped; 0 removes", () => {
    expect(resolveUnits('changes', 10, 3, plain)).toBe(3);
    expect(resolveUnits('changes', 10, 0, plain)).toBe(0);
    expect(resolveUnits('changes', 0, 13, stepped)).toBe(12);
    expect(resolveUnits('changes', 0, 5, stepped)).toBe(12); // below the minimum: up to the lowest
    expect(resolveUnits('changes', 0, 500, stepped)).toBe(120);
  });

  it("'signIn': the larger quantity, snapped; the device's 0 never removes", () => {
    expect(resolveUnits('signIn', 10, 4, plain)).toBe(10);
    expect(resolveUnits('signIn', 4, 10, plain)).toBe(10);
    expect(resolveUnits('signIn', 24, 37, stepped)).toBe(36);
    expect(resolveUnits('signIn', 24, 0, stepped)).toBe(24);
    expect(resolveUnits('signIn', 0, 0, stepped)).toBe(0);
  });
});

describe('applyChanges and rebase', () => {
  it('applies per-line changes on top of what the server holds', () => {
    expect([...applyChanges(m([[1, 1], [2, 2]]), [{ id: 2, units: 0 }, { id: 3, units: 3 }, { id: 1, units: 9 }])]).toEqual([
      [1, 9],
      [3, 3],
    ]);
  });

  it('two devices from the same base: applying both diffs in either order keeps every line, the later write per line wins', () => {
    const base = m([[1, 10], [2, 1]]);
    const phone = diffLines(base, m([[1, 20], [2, 1], [3, 5]]));
    const desktop = diffLines(base, m([[1, 30], [4, 2]]));
    expect(Object.fromEntries(applyChanges(applyChanges(base, phone), desktop))).toEqual({ 1: 30, 3: 5, 4: 2 });
    expect(Object.fromEntries(applyChanges(applyChanges(base, desktop), phone))).toEqual({ 1: 20, 3: 5, 4: 2 });
  });

  it('rebase keeps the changes made while a write was in flight, and says they are still to be written', () => {
    const sent = m([[1, 2]]);
    const server = m([[1, 2], [7, 7]]); // another device added 7
    const current = m([[1, 4], [5, 1]]); // since sending: 1 → 4, 5 added
    const { lines, pending } = rebase(server, sent, current);
    expect(Object.fromEntries(lines)).toEqual({ 1: 4, 7: 7, 5: 1 });
    expect(pending).toEqual([
      { id: 1, units: 4 },
      { id: 5, units: 1 },
    ]);
    expect(rebase(server, sent, sent).pending).toEqual([]);
  });

  it('unitsById drops empty lines', () => {
    expect([...unitsById([{ id: 1, units: 0 }, { id: 2, units: 3 }])]).toEqual([[2, 3]]);
  });
});
