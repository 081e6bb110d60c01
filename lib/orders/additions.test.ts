import { ADDITION_LIMITS, additionStageOf, additionsStatus, canAddToOrder, isAdditionStage, recordAddition } from './additions';
import { ORDER_STATES, canTransition } from './states';

describe('addition limits (spec §4, §9)', () => {
  it('unlimited before start, 3 started, 1 review, 1 prepared', () => {
    expect(ADDITION_LIMITS).toEqual({ received: null, started: 3, review: 1, prepared: 1 });
  });

  it('stages of states; modified keeps where it came from', () => {
    expect(additionStageOf('received', null)).toBe('received');
    expect(additionStageOf('accepted', null)).toBe('prepared');
    expect(additionStageOf('waiting', 'review')).toBe('prepared');
    expect(additionStageOf('modified', 'started')).toBe('started');
    expect(additionStageOf('modified', null)).toBe('received');
    expect(additionStageOf('shipped', 'prepared')).toBeNull();
    expect(additionStageOf('cancelled', null)).toBeNull();
  });

  it('the add move exists exactly in the states with a stage', () => {
    for (const s of ORDER_STATES) {
      expect(canTransition(s, 'modified', 'customer', 'add')).toBe(additionStageOf(s, 'started') !== null);
    }
  });

  it('received: unlimited', () => {
    let stage = null as ReturnType<typeof recordAddition>['stage'] | null;
    let count = 0;
    for (let i = 0; i < 20; i++) {
      expect(canAddToOrder(i === 0 ? 'received' : 'modified', stage, count)).toBe(true);
      ({ stage, count } = recordAddition(i === 0 ? 'received' : 'modified', stage, count));
    }
    expect(count).toBe(20);
    expect(additionsStatus('modified', stage, count).remaining).toBeNull();
  });

  it('started: 3, counted across modified', () => {
    let r = recordAddition('started', null, 0);
    expect(r).toEqual({ stage: 'started', count: 1 });
    r = recordAddition('modified', r.stage, r.count);
    r = recordAddition('started', r.stage, r.count); // staff moved it back to started
    expect(r.count).toBe(3);
    expect(canAddToOrder('started', r.stage, r.count)).toBe(false);
    expect(canAddToOrder('modified', r.stage, r.count)).toBe(false);
    expect(() => recordAddition('started', r.stage, r.count)).toThrow(RangeError);
  });

  it('a new stage starts a new count: review gives 1 more, prepared 1 more', () => {
    const started = { stage: 'started' as const, count: 3 };
    expect(additionsStatus('review', started.stage, started.count)).toEqual({ stage: 'review', used: 0, limit: 1, remaining: 1 });
    const r = recordAddition('review', started.stage, started.count);
    expect(r).toEqual({ stage: 'review', count: 1 });
    expect(canAddToOrder('review', r.stage, r.count)).toBe(false);
    expect(canAddToOrder('accepted', r.stage, r.count)).toBe(true);
    const p = recordAddition('accepted', r.stage, r.count);
    expect(canAddToOrder('waiting', p.stage, p.count)).toBe(false);
  });

  it('no additions in shipped or final states', () => {
    for (const s of ['shipped', 'completed', 'cancelled', 'rejected', 'disarm'] as const) {
      expect(additionsStatus(s, null, 0)).toEqual({ stage: null, used: 0, limit: 0, remaining: 0 });
      expect(canAddToOrder(s, null, 0)).toBe(false);
    }
  });

  it('isAdditionStage', () => {
    expect(isAdditionStage('prepared')).toBe(true);
    expect(isAdditionStage('waiting')).toBe(false);
  });
});
