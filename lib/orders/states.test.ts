import esOrders from '@/messages/es/orders.json';
import {
  CUSTOMER_ACTION_TARGET,
  FINAL_STATES,
  ORDER_GROUPS,
  ORDER_STATE_LABELS_ES,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  canTransition,
  customerActions,
  findTransition,
  illegalTransitionMessage,
  isFinalState,
  isOrderState,
  nextStates,
  orderGroupOf,
  orderStateLabelKey,
} from './states';

describe('transition table', () => {
  it('only names known states and has no duplicate rows', () => {
    const keys = new Set<string>();
    for (const r of ORDER_TRANSITIONS) {
      expect(isOrderState(r.from)).toBe(true);
      expect(isOrderState(r.to)).toBe(true);
      const key = `${r.from}>${r.to}>${r.by}>${r.via}`;
      expect(keys.has(key)).toBe(false);
      keys.add(key);
    }
  });

  it('final states have no way out', () => {
    for (const s of FINAL_STATES) {
      expect(ORDER_TRANSITIONS.filter((r) => r.from === s)).toEqual([]);
      expect(isFinalState(s)).toBe(true);
    }
    expect(isFinalState('shipped')).toBe(false);
  });

  it('every non-final state has a way forward and is reachable from received', () => {
    const reachable = new Set<string>(['received']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const r of ORDER_TRANSITIONS) {
        if (reachable.has(r.from) && !reachable.has(r.to)) {
          reachable.add(r.to);
          grew = true;
        }
      }
    }
    expect([...reachable].sort()).toEqual([...ORDER_STATES].sort());
    for (const s of ORDER_STATES) {
      if (!isFinalState(s)) expect(ORDER_TRANSITIONS.some((r) => r.from === s && r.to !== s)).toBe(true);
    }
  });

  it('actions go where their name says', () => {
    for (const r of ORDER_TRANSITIONS) {
      if (r.via === 'budget') expect([r.to, r.by]).toEqual(['review', 'staff']);
      if (r.via === 'add') expect([r.to, r.by]).toEqual(['modified', 'customer']);
      if (r.via === 'accept' || r.via === 'cancel' || r.via === 'finish') {
        expect(r.by).toBe('customer');
        expect(r.to).toBe(CUSTOMER_ACTION_TARGET[r.via]);
      }
      if (r.via === 'state') expect(r.by).toBe('staff');
    }
  });

  it('cancelled is the customer’s; rejected and disarm are staff’s', () => {
    for (const r of ORDER_TRANSITIONS) {
      if (r.to === 'cancelled') expect(r.by).toBe('customer');
      if (r.to === 'rejected' || r.to === 'disarm') expect(r.by).toBe('staff');
    }
  });

  it('the main path', () => {
    expect(canTransition('received', 'started', 'staff', 'state')).toBe(true);
    expect(canTransition('started', 'review', 'staff', 'budget')).toBe(true);
    expect(canTransition('review', 'accepted', 'customer', 'accept')).toBe(true);
    expect(canTransition('accepted', 'waiting', 'staff', 'state')).toBe(true);
    expect(canTransition('waiting', 'shipped', 'staff', 'state')).toBe(true);
    expect(canTransition('shipped', 'completed', 'customer', 'finish')).toBe(true);
    expect(canTransition('shipped', 'completed', 'staff', 'state')).toBe(true);
  });

  it('refuses moves by the wrong actor or action', () => {
    expect(canTransition('received', 'started', 'customer', 'state')).toBe(false);
    expect(canTransition('received', 'accepted', 'customer', 'accept')).toBe(false);
    expect(canTransition('review', 'accepted', 'staff', 'accept')).toBe(false);
    expect(canTransition('started', 'review', 'staff', 'state')).toBe(false); // review needs a budget
    expect(canTransition('waiting', 'cancelled', 'customer', 'cancel')).toBe(false);
    expect(canTransition('shipped', 'modified', 'customer', 'add')).toBe(false);
    expect(canTransition('completed', 'received', 'staff', 'state')).toBe(false);
    expect(findTransition('received', 'cancelled', 'staff', 'state')).toBeNull();
  });

  it('nextStates lists targets per actor', () => {
    expect(nextStates('received', 'staff')).toEqual(['started', 'review', 'rejected']);
    expect(nextStates('received', 'staff', 'state')).toEqual(['started', 'rejected']);
    expect(nextStates('review', 'customer')).toEqual(['accepted', 'modified', 'cancelled']);
    expect(nextStates('cancelled', 'staff')).toEqual([]);
  });

  it('customerActions mirrors the table', () => {
    expect(customerActions('review')).toEqual({ accept: true, cancel: true, finish: false, add: true });
    expect(customerActions('waiting')).toEqual({ accept: false, cancel: false, finish: false, add: true });
    expect(customerActions('shipped')).toEqual({ accept: false, cancel: false, finish: true, add: false });
    expect(customerActions('completed')).toEqual({ accept: false, cancel: false, finish: false, add: false });
  });
});

describe('groups and labels', () => {
  it('groups are disjoint and cover every state', () => {
    const all = [...ORDER_GROUPS.actual, ...ORDER_GROUPS.confirmed, ...ORDER_GROUPS.finished];
    expect(all.slice().sort()).toEqual([...ORDER_STATES].sort());
    expect(new Set(all).size).toBe(all.length);
    expect(orderGroupOf('review')).toBe('actual');
    expect(orderGroupOf('waiting')).toBe('confirmed');
    expect(orderGroupOf('disarm')).toBe('finished');
    expect([...ORDER_GROUPS.finished].sort()).toEqual([...FINAL_STATES].sort());
  });

  it('labels exist for every state', () => {
    for (const s of ORDER_STATES) {
      expect(ORDER_STATE_LABELS_ES[s]).toBeTruthy();
      expect(esOrders.states[s].description).toBeTruthy();
      expect(orderStateLabelKey(s)).toBe(`states.${s}.label`);
    }
    expect(illegalTransitionMessage('received', 'accepted')).toBe('No se puede pasar el pedido de Recibido a Aceptado');
  });

  it('isOrderState', () => {
    expect(isOrderState('review')).toBe(true);
    expect(isOrderState('nope')).toBe(false);
    expect(isOrderState(3)).toBe(false);
  });
});
