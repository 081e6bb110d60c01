import { addProductsSchema, createOrderSchema, idempotencyKeySchema, mergeOrderLines, normalizeCreateOrderPayload } from './payload';

describe('createOrderSchema', () => {
  it('applies the spec defaults', () => {
    expect(createOrderSchema.parse({ products: [{ id: 1, quantity: 2 }], billingDataId: 3 })).toEqual({
      products: [{ id: 1, quantity: 2 }],
      billingDataId: 3,
      addressId: 1,
      transportId: -1,
      otherTransport: null,
      toSucc: true,
    });
  });

  it('strips unknown fields such as a client price', () => {
    const parsed = createOrderSchema.parse({
      products: [{ id: 1, quantity: 2, price: 1 }],
      billingDataId: 3,
      total: 1,
    }) as Record<string, unknown>;
    expect(parsed.total).toBeUndefined();
    expect((parsed.products as Record<string, unknown>[])[0]).toEqual({ id: 1, quantity: 2 });
  });

  it('rejects bad lines and ids', () => {
    const base = { billingDataId: 3 };
    expect(createOrderSchema.safeParse({ ...base, products: [] }).success).toBe(false);
    expect(createOrderSchema.safeParse({ ...base, products: [{ id: 1, quantity: 0 }] }).success).toBe(false);
    expect(createOrderSchema.safeParse({ ...base, products: [{ id: 1, quantity: 1.5 }] }).success).toBe(false);
    expect(createOrderSchema.safeParse({ ...base, products: [{ id: -1, quantity: 1 }] }).success).toBe(false);
    expect(createOrderSchema.safeParse({ ...base, products: [{ id: '1', quantity: 1 }] }).success).toBe(false);
    expect(createOrderSchema.safeParse({ products: [{ id: 1, quantity: 1 }] }).success).toBe(false);
    expect(createOrderSchema.safeParse({ ...base, products: [{ id: 1, quantity: 1 }], transportId: 0 }).success).toBe(false);
    expect(createOrderSchema.safeParse({ ...base, products: [{ id: 1, quantity: 1 }], transportId: -2 }).success).toBe(false);
  });

  it('addProductsSchema needs products', () => {
    expect(addProductsSchema.safeParse({}).success).toBe(false);
    expect(addProductsSchema.parse({ products: [{ id: 4, quantity: 1 }] }).products).toHaveLength(1);
  });
});

describe('mergeOrderLines', () => {
  it('sums duplicates, keeps first positions, does not mutate input', () => {
    const input = [
      { id: 2, quantity: 1 },
      { id: 1, quantity: 3 },
      { id: 2, quantity: 4 },
    ];
    expect(mergeOrderLines(input)).toEqual([
      { id: 2, quantity: 5 },
      { id: 1, quantity: 3 },
    ]);
    expect(input[0]).toEqual({ id: 2, quantity: 1 });
  });
});

describe('normalizeCreateOrderPayload', () => {
  const base = createOrderSchema.parse({ products: [{ id: 2, quantity: 1 }, { id: 1, quantity: 3 }, { id: 2, quantity: 4 }], billingDataId: 3 });
  it('merges and sorts lines, and drops what the delivery mode ignores', () => {
    expect(normalizeCreateOrderPayload(base)).toEqual({
      products: [{ id: 1, quantity: 3 }, { id: 2, quantity: 5 }],
      billingDataId: 3,
      toSucc: true,
      addressId: null,
      transportId: null,
      otherTransport: null,
    });
    const shipped = createOrderSchema.parse({ ...base, toSucc: false, addressId: 7, transportId: 4, otherTransport: 'x' });
    expect(normalizeCreateOrderPayload(shipped)).toMatchObject({ addressId: 7, transportId: 4, otherTransport: null });
    const other = createOrderSchema.parse({ ...base, toSucc: false, addressId: 7, transportId: -1, otherTransport: ' Vía Cargo ' });
    expect(normalizeCreateOrderPayload(other)).toMatchObject({ transportId: -1, otherTransport: 'Vía Cargo' });
  });
  it('idempotency keys: 8–100 of [A-Za-z0-9_-]', () => {
    expect(idempotencyKeySchema.safeParse('0b4f5c2e-8d3a-4f7e-9a51-2c6d7e8f9a0b').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('abc_DEF-12').success).toBe(true);
    for (const bad of ['short', 'x'.repeat(101), 'con espacio', 'a/b/c/d/e']) expect(idempotencyKeySchema.safeParse(bad).success).toBe(false);
  });
});
