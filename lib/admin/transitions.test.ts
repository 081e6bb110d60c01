import { BULK_TARGETS, bulkPlan, canSendBudget, staffStateTargets, type BulkCandidate } from './transitions';

describe('staff actions from a state', () => {
  it.each([
    ['received', ['started', 'rejected'], true],
    ['started', ['rejected', 'disarm'], true],
    ['modified', ['started', 'rejected', 'disarm'], true],
    ['review', ['started', 'accepted', 'rejected', 'disarm'], true],
    ['accepted', ['waiting', 'shipped', 'disarm'], false],
    ['waiting', ['shipped', 'disarm'], false],
    ['shipped', ['completed'], false],
    ['completed', [], false],
    ['cancelled', [], false],
    ['rejected', [], false],
    ['disarm', [], false],
  ] as const)('%s → buttons %j, budget %s', (state, targets, budget) => {
    expect(staffStateTargets(state)).toEqual(targets);
    expect(canSendBudget(state)).toBe(budget);
  });

  it('never offers a customer-only move', () => {
    expect(staffStateTargets('review')).not.toContain('cancelled');
    expect(staffStateTargets('received')).not.toContain('modified');
  });
});

describe('bulk change', () => {
  it('offers every state staff can move an order to', () => {
    expect(BULK_TARGETS).toEqual(['started', 'accepted', 'waiting', 'shipped', 'completed', 'rejected', 'disarm']);
  });

  it('splits the selection by the table: movable, cannot, unpaid shipments', () => {
    const o = (id: number, state: BulkCandidate['state'], toSucc = false, paymentStatus: BulkCandidate['paymentStatus'] = 'unpaid'): BulkCandidate => ({
      id,
      number: 1000 + id,
      state,
      toSucc,
      paymentStatus,
    });
    const selected = [o(1, 'waiting'), o(2, 'waiting', false, 'paid'), o(3, 'waiting', true), o(4, 'completed'), o(5, 'accepted', false, 'partial')];
    const plan = bulkPlan(selected, 'shipped');
    expect(plan.movable.map((x) => x.id)).toEqual([1, 2, 3, 5]);
    expect(plan.cannot.map((x) => x.id)).toEqual([4]);
    expect(plan.unpaid.map((x) => x.id)).toEqual([1, 5]);
    expect(bulkPlan(selected, 'rejected').movable).toEqual([]);
    expect(bulkPlan(selected, 'disarm').unpaid).toEqual([]);
  });
});
