import { newIdempotencyKey, orderAttempt } from './order-attempt';

const payload = { products: [{ id: 29, quantity: 30 }], billingDataId: 3, toSucc: true };

describe('orderAttempt', () => {
  it('keeps the key while the same order is sent again, and makes a new one for another order', () => {
    let n = 0;
    const next = () => `key-${++n}-abcdef`;
    const first = orderAttempt(null, payload, next);
    expect(first.key).toBe('key-1-abcdef');
    expect(orderAttempt(first, { ...payload }, next)).toBe(first);
    const changed = orderAttempt(first, { ...payload, products: [{ id: 29, quantity: 40 }] }, next);
    expect(changed.key).toBe('key-2-abcdef');
    // a new checkout (the previous attempt cleared after success) gets a new key for the same payload
    expect(orderAttempt(null, payload, next).key).toBe('key-3-abcdef');
  });

  it('keys are UUIDs the API accepts (8–100 of [A-Za-z0-9_-]), with or without crypto.randomUUID', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const original = globalThis.crypto.randomUUID;
    try {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
      const a = newIdempotencyKey();
      expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(newIdempotencyKey()).not.toBe(a);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
