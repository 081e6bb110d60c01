import { canRecordPayment, needsUnpaidConfirmation, paymentStatusOf, staffMoveNeedsReason } from './payments';

describe('payment status', () => {
  it.each([
    [0, 6_050_000, 'unpaid'],
    [1, 6_050_000, 'partial'],
    [6_049_999, 6_050_000, 'partial'],
    [6_050_000, 6_050_000, 'paid'],
    [7_000_000, 6_050_000, 'paid'],
    [0, 0, 'unpaid'],
  ] as const)('%i paid of %i → %s', (paid, total, status) => {
    expect(paymentStatusOf(paid, total)).toBe(status);
  });

  it('no payment on an order that will not be delivered', () => {
    expect(canRecordPayment('cancelled')).toBe(false);
    expect(canRecordPayment('rejected')).toBe(false);
    expect(canRecordPayment('disarm')).toBe(false);
    expect(canRecordPayment('received')).toBe(true);
    expect(canRecordPayment('completed')).toBe(true);
  });
});

describe('staff move rules', () => {
  it('a reason to reject, dismantle or cancel; none otherwise', () => {
    expect(['rejected', 'disarm', 'cancelled'].every((s) => staffMoveNeedsReason(s as 'rejected'))).toBe(true);
    expect(staffMoveNeedsReason('started')).toBe(false);
    expect(staffMoveNeedsReason('shipped')).toBe(false);
  });

  it('confirmation only to dispatch a shipment that is not fully paid', () => {
    expect(needsUnpaidConfirmation({ toSucc: false, paymentStatus: 'unpaid' }, 'shipped')).toBe(true);
    expect(needsUnpaidConfirmation({ toSucc: false, paymentStatus: 'partial' }, 'shipped')).toBe(true);
    expect(needsUnpaidConfirmation({ toSucc: false, paymentStatus: 'paid' }, 'shipped')).toBe(false);
    expect(needsUnpaidConfirmation({ toSucc: true, paymentStatus: 'unpaid' }, 'shipped')).toBe(false);
    expect(needsUnpaidConfirmation({ toSucc: false, paymentStatus: 'unpaid' }, 'waiting')).toBe(false);
  });
});
