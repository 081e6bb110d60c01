import { normalizeBilling, normalizeList, normalizeOrder, normalizeOrderSummary, normalizeTransport, ordersApi } from './orders';
import { PublicApiError } from './public';

const detail = {
  id: 12,
  number: 1005,
  state: 'review',
  missingStatus: 'incomplete',
  toSucc: false,
  itemCount: 2,
  totalUnits: 30,
  createdAt: '2026-11-21T13:00:00.000Z',
  updatedAt: '2026-11-21T13:10:00.000Z',
  budgetSentAt: '2026-11-21T13:05:00.000Z',
  confirmedAt: null,
  totalBoxes: 2,
  totalPrice: 1200,
  subtotal: 1000,
  bonus: 100,
  net: 900,
  vat: 189,
  priceWithVat: 1089,
  iibb: 40.5,
  finalTotal: 1129.5,
  shippingZone: 'interior',
  address: { id: 7, province: 'Misiones', city: 'Posadas', street: 'Colón', number: '1', postalCode: '3300', floor: null, extraData: null, state: 'active' },
  transport: { id: 4, name: 'Cruz del Sur' },
  otherTransport: null,
  billingData: { id: 3, taxCondition: 'Exento', documentType: 'CUIL', documentNumber: '20123456786' },
  items: [
    { id: 1, productId: 29, parentId: 29, name: 'Agua Florida', variationName: null, sku: null, quantity: 10, requestedQuantity: 10, unitPrice: 100, regularPrice: 100, lineTotal: 1000, missing: false, priceAdjusted: false },
    { id: 2, productId: 31, parentId: 30, name: 'Vela', variationName: 'Roja', sku: null, quantity: 20, requestedQuantity: 20, unitPrice: 10, regularPrice: 10, lineTotal: 200, missing: true, priceAdjusted: false },
  ],
  documents: [
    { id: 5, kind: 'budget', trackingNumber: null, fileUrl: null, fileName: null, mimeType: null, size: null, createdAt: '2026-11-21T13:05:00.000Z', budget: null },
    { id: 6, kind: 'proof', trackingNumber: null, fileUrl: '/api/order/12/documents/6/file', fileName: 'comprobante.png', mimeType: 'image/png', size: 10, createdAt: '2026-11-21T13:06:00.000Z', budget: null },
    { id: 7, kind: 'weird', trackingNumber: null, fileUrl: null, fileName: null, mimeType: null, size: null, createdAt: '2026-11-21T13:06:00.000Z', budget: null },
  ],
  history: [
    { from: null, to: 'received', at: '2026-11-21T13:00:00.000Z', byUserId: 2, actor: 'customer' },
    { from: 'received', to: 'review', at: '2026-11-21T13:05:00.000Z', byUserId: 3, actor: 'staff' },
    { from: 'review', to: 'bogus', at: '2026-11-21T13:05:00.000Z', byUserId: 3, actor: 'staff' },
  ],
  additions: { stage: 'review', used: 0, limit: 1, remaining: 1 },
  actions: { accept: true, cancel: true, finish: false, add: true, uploadProof: true },
};

describe('normalizeOrder', () => {
  it('reads the API detail', () => {
    const o = normalizeOrder(detail)!;
    expect(o).toMatchObject({
      id: 12,
      number: 1005,
      state: 'review',
      total: 1129.5,
      subtotal: 1000,
      vat: 189,
      iibb: 40.5,
      bonus: 100,
      finalTotal: 1129.5,
      totalBoxes: 2,
      toSucc: false,
      transportName: 'Cruz del Sur',
      missingStatus: 'incomplete',
      additionsRemaining: 1,
      additionsKnown: true,
      actions: { accept: true, cancel: true, finish: false, add: true, uploadProof: true },
    });
    expect(o.items[1]).toMatchObject({ name: 'Vela', variation: 'Roja', quantity: 20, unitPrice: 10, lineTotal: 200 });
    expect(o.billing).toEqual({ id: 3, taxCondition: 'Exento', documentType: 'CUIL', number: '20123456786' });
    expect(o.address?.province).toBe('Misiones');
    expect(o.documents.map((d) => [d.kind, d.hasFile, d.name])).toEqual([
      ['budget', false, null],
      ['proof', true, 'comprobante.png'],
      ['other', false, null],
    ]);
    expect(o.history.map((h) => h.to)).toEqual(['received', 'review']);
  });

  it("'Otro' transport name wins; unlimited additions", () => {
    const o = normalizeOrder({ ...detail, otherTransport: 'Expreso Sur', additions: { stage: 'received', used: 2, limit: null, remaining: null } })!;
    expect(o.transportName).toBe('Expreso Sur');
    expect(o.additionsRemaining).toBeNull();
    expect(o.additionsKnown).toBe(true);
  });

  it('without `actions` falls back to the shared transition table', () => {
    const rest: Record<string, unknown> = { ...detail, state: 'shipped' };
    delete rest.actions;
    const o = normalizeOrder(rest)!;
    expect(o.actions).toEqual({ accept: false, cancel: false, finish: true, add: false, uploadProof: true });
  });

  it('rejects garbage', () => {
    expect(normalizeOrder(null)).toBeNull();
    expect(normalizeOrder({ id: 1, state: 'lost' })).toBeNull();
    expect(normalizeOrderSummary({ state: 'received' })).toBeNull();
  });
});

describe('lists', () => {
  it('summaries from an array or { items }', () => {
    expect(normalizeList([detail, { bad: true }], normalizeOrderSummary).map((o) => o.number)).toEqual([1005]);
    expect(normalizeList({ items: [detail] }, normalizeOrderSummary)).toHaveLength(1);
    expect(normalizeList('nope', normalizeOrderSummary)).toEqual([]);
  });
  it('transports and billing', () => {
    expect(normalizeTransport({ id: 2, name: 'X', fatherId: 1, isAble: false })).toEqual({ id: 2, name: 'X', fatherId: 1, isAble: false });
    expect(normalizeTransport({ id: 2, name: 'X', fatherId: null })).toEqual({ id: 2, name: 'X', fatherId: null, isAble: true });
    expect(normalizeTransport({ name: 'X' })).toBeNull();
    expect(normalizeBilling({ id: 1, taxCondition: 'Exento', documentType: 'DNI', number: '12.345.678', documentNumber: '12345678' })).toEqual({
      id: 1,
      taxCondition: 'Exento',
      documentType: 'DNI',
      number: '12.345.678',
    });
  });
});

describe('ordersApi.createOrder', () => {
  const payload = { products: [{ id: 29, quantity: 30 }], billingDataId: 3 };
  const answer = (status: number, body: unknown) =>
    ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;
  const created = answer(201, { success: true, data: { id: 42, number: 1005 } });
  const headersOf = (call: unknown[]) => (call[1] as RequestInit).headers as Record<string, string>;

  it('sends the Idempotency-Key and retries a network failure once with the same key', async () => {
    const fetchImpl = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(created);
    await expect(ordersApi.createOrder(payload, { idempotencyKey: 'k-123456789', retryDelayMs: 0, fetchImpl })).resolves.toEqual({ id: 42 });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(headersOf(fetchImpl.mock.calls[0]!)['Idempotency-Key']).toBe('k-123456789');
    expect(headersOf(fetchImpl.mock.calls[1]!)['Idempotency-Key']).toBe('k-123456789');
  });

  it('retries a 503 once; a second failure is thrown', async () => {
    const unavailable = answer(503, { success: false, message: 'El servicio no está disponible' });
    const fetchImpl = jest.fn().mockResolvedValue(unavailable);
    await expect(ordersApi.createOrder(payload, { idempotencyKey: 'k-123456789', retryDelayMs: 0, fetchImpl })).rejects.toBeInstanceOf(PublicApiError);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('does not retry a refusal (4xx), nor anything without a key', async () => {
    const refused = jest.fn().mockResolvedValue(answer(400, { success: false, message: 'Tu compra no alcanza el mínimo' }));
    await expect(ordersApi.createOrder(payload, { idempotencyKey: 'k-123456789', retryDelayMs: 0, fetchImpl: refused })).rejects.toThrow(
      'Tu compra no alcanza el mínimo',
    );
    expect(refused).toHaveBeenCalledTimes(1);
    const down = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(ordersApi.createOrder(payload, { retryDelayMs: 0, fetchImpl: down })).rejects.toBeInstanceOf(PublicApiError);
    expect(down).toHaveBeenCalledTimes(1);
    expect(headersOf(down.mock.calls[0]!)['Idempotency-Key']).toBeUndefined();
  });
});
