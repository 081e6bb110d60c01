import { canSendBudget, staffStateTargets } from './transitions';

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
