/** @jest-environment node */
import {
  budgetActions,
  budgetExpired,
  budgetExpiresAt,
  deadlineFlags,
  dueToday,
  endOfShopDay,
  isPast,
  lastValidDate,
  lastValidDay,
  paymentDueAt,
} from './deadlines';
import { shopDay } from '../time';
import { SHOP_TIME_ZONE } from '../locales';

describe('budget expiry in the shop time zone (Buenos Aires)', () => {
  it('a budget sent on the 3rd with 7 days is valid through the 10th there, until its last second', () => {
    const sent = new Date('2026-12-03T15:00:00Z'); // 12:00 in Buenos Aires
    const expires = budgetExpiresAt(sent, 7);
    expect(expires.toISOString()).toBe('2026-12-11T03:00:00.000Z'); // midnight of the 11th in Buenos Aires
    expect(lastValidDay(expires)).toBe('2026-12-10');
    expect(isPast(expires, new Date('2026-12-11T02:59:59.999Z'))).toBe(false);
    expect(isPast(expires, new Date('2026-12-11T03:00:00.000Z'))).toBe(true);
  });

  it('counts from the shop day, not the UTC day: 22:30 in Buenos Aires is already the next day in UTC', () => {
    const sent = new Date('2026-12-04T01:30:00Z'); // 22:30 of the 3rd in Buenos Aires
    expect(shopDay(sent)).toBe('2026-12-03');
    expect(lastValidDay(budgetExpiresAt(sent, 7))).toBe('2026-12-10');
    // one second after the shop's midnight it is the 4th: one more day
    expect(lastValidDay(budgetExpiresAt(new Date('2026-12-04T03:00:01Z'), 7))).toBe('2026-12-11');
  });

  it('crosses months and years', () => {
    expect(lastValidDay(budgetExpiresAt(new Date('2026-12-28T12:00:00Z'), 7))).toBe('2027-01-04');
    expect(lastValidDay(paymentDueAt(new Date('2027-02-25T12:00:00Z'), 5))).toBe('2027-03-02');
  });

  it('refuses a negative or fractional number of days', () => {
    expect(() => budgetExpiresAt(new Date(), -1)).toThrow(RangeError);
    expect(() => budgetExpiresAt(new Date(), 1.5)).toThrow(RangeError);
  });

  it('lastValidDate formats as the last valid day in the shop zone', () => {
    const expires = budgetExpiresAt(new Date('2026-12-03T15:00:00Z'), 7);
    const label = new Intl.DateTimeFormat('es-AR', { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'numeric' }).format(lastValidDate(expires));
    expect(label).toBe('10/12');
  });
});

describe('"vence hoy"', () => {
  const expires = budgetExpiresAt(new Date('2026-12-03T15:00:00Z'), 7); // last day: the 10th

  it('is true during the last shop day only', () => {
    expect(dueToday(expires, new Date('2026-12-10T03:00:00Z'))).toBe(true); // 00:00 of the 10th
    expect(dueToday(expires, new Date('2026-12-11T02:59:00Z'))).toBe(true); // 23:59 of the 10th
    expect(dueToday(expires, new Date('2026-12-10T02:59:00Z'))).toBe(false); // 23:59 of the 9th
    expect(dueToday(expires, new Date('2026-12-11T03:00:00Z'))).toBe(false); // expired
    expect(dueToday(null, new Date())).toBe(false);
  });

  it('endOfShopDay bounds the same set as dueToday', () => {
    const now = new Date('2026-12-10T20:00:00Z');
    expect(expires.getTime() <= endOfShopDay(now).getTime() && expires.getTime() > now.getTime()).toBe(dueToday(expires, now));
  });
});

describe('budget actions and board flags', () => {
  const expires = new Date('2026-12-11T03:00:00Z');
  const before = new Date('2026-12-11T02:59:59Z');
  const after = new Date('2026-12-11T03:00:00Z');

  it('accept while valid; "pedir un presupuesto actualizado" once expired, until asked', () => {
    expect(budgetActions('review', expires, null, before)).toEqual({ accept: true, requestUpdate: false, expired: false });
    expect(budgetActions('review', expires, null, after)).toEqual({ accept: false, requestUpdate: true, expired: true });
    expect(budgetActions('review', expires, after, after)).toEqual({ accept: false, requestUpdate: false, expired: true });
  });

  it('only a budget awaiting the customer (review) expires; a budget without a deadline never does', () => {
    expect(budgetExpired('accepted', expires, after)).toBe(false);
    expect(budgetExpired('modified', expires, after)).toBe(false);
    expect(budgetExpired('review', null, after)).toBe(false);
    expect(budgetActions('received', expires, null, after)).toEqual({ accept: false, requestUpdate: false, expired: false });
  });

  it('payment overdue: accepted or waiting, past the due date, without proof and not fully paid', () => {
    const base = { state: 'accepted' as const, budgetExpiresAt: null, paymentDueAt: expires, hasProof: false, fullyPaid: false };
    expect(deadlineFlags(base, after).paymentOverdue).toBe(true);
    expect(deadlineFlags(base, before).paymentOverdue).toBe(false);
    expect(deadlineFlags({ ...base, hasProof: true }, after).paymentOverdue).toBe(false);
    expect(deadlineFlags({ ...base, fullyPaid: true }, after).paymentOverdue).toBe(false);
    expect(deadlineFlags({ ...base, state: 'waiting' }, after).paymentOverdue).toBe(true);
    expect(deadlineFlags({ ...base, state: 'shipped' }, after).paymentOverdue).toBe(false);
  });

  it('budget flags', () => {
    const o = { state: 'review' as const, budgetExpiresAt: expires, paymentDueAt: null, hasProof: false, fullyPaid: false };
    expect(deadlineFlags(o, before)).toEqual({ budgetDueToday: true, budgetExpired: false, paymentOverdue: false });
    expect(deadlineFlags(o, after)).toEqual({ budgetDueToday: false, budgetExpired: true, paymentOverdue: false });
  });
});
