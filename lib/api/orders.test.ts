import { orderDetailSchema, orderListSchema } from '@/lib/contracts/orders';
import { deliveredSubtotal, lineView } from '@/lib/orders/lines';
import { ordersApi } from './orders';
import { parseAnswer } from './contract';
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
  budgetExpiresAt: '2026-12-11T03:00:00.000Z',
  budgetExpired: false,
  budgetUpdateRequestedAt: null,
  paymentDueAt: null,
  paymentStatus: 'partial',
  paid: 500,
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
  ],
  history: [
    { from: null, to: 'received', at: '2026-11-21T13:00:00.000Z', byUserId: 2, actor: 'customer', reason: null },
    { from: 'received', to: 'review', at: '2026-11-21T13:05:00.000Z', byUserId: 3, actor: 'staff', reason: null },
  ],
  payments: [{ id: 1, amount: 500, method: 'transfer', at: '2026-11-21T13:07:00.000Z' }],
  additions: { stage: 'review', used: 0, limit: 1, remaining: 1 },
  actions: { accept: true, cancel: true, finish: false, add: true, uploadProof: true, requestBudget: false },
};

describe('the order contract on the storefront side', () => {
  it('keeps every field the API sends, the missing-quantity ones included', () => {
    const short = { ...detail.items[0]!, id: 9, quantity: 6, requestedQuantity: 10, lineTotal: 600 };
    const o = parseAnswer(orderDetailSchema, { ...detail, items: [...detail.items, short] });
    expect(o.items[1]).toMatchObject({ name: 'Vela', variationName: 'Roja', missing: true, requestedQuantity: 20, quantity: 20 });
    expect(o.items[2]).toMatchObject({ requestedQuantity: 10, quantity: 6, missing: false });
    expect(o.billingData).toEqual(detail.billingData);
    expect(o.additions.remaining).toBe(1);
    expect([o.paymentStatus, o.paid, o.payments]).toEqual(['partial', 500, detail.payments]);
    expect(o.documents.map((d) => [d.kind, d.fileUrl !== null, d.fileName])).toEqual([
      ['budget', false, null],
      ['proof', true, 'comprobante.png'],
    ]);
  });

  it('the lines as shown (delivered amounts) add up to the subtotal', () => {
    const o = parseAnswer(orderDetailSchema, detail);
    expect(o.items.map((i) => lineView(i))).toEqual([
      { requested: 10, delivered: 10, missingUnits: 0, deliveredTotal: 1000 },
      { requested: 20, delivered: 0, missingUnits: 20, deliveredTotal: 0 },
    ]);
    expect(deliveredSubtotal(o.items)).toBe(o.subtotal);
  });

  it('an answer that breaks the contract is an error, not a half-empty order', () => {
    const withoutRequested: Record<string, unknown> = { ...detail.items[0]! };
    delete withoutRequested.requestedQuantity;
    expect(() => parseAnswer(orderDetailSchema, { ...detail, items: [withoutRequested] })).toThrow(PublicApiError);
    expect(() => parseAnswer(orderDetailSchema, { ...detail, state: 'lost' })).toThrow(PublicApiError);
    expect(() => parseAnswer(orderDetailSchema, null)).toThrow(PublicApiError);
    expect(() => parseAnswer(orderListSchema, [detail, { bad: true }])).toThrow(PublicApiError);
    expect(parseAnswer(orderListSchema, [detail]).map((o) => o.finalTotal)).toEqual([1129.5]);
  });
});

describe('ordersApi.createOrder', () => {
  const payload = { products: [{ id: 29, quantity: 30 }], billingDataId: 3 };
  const answer = (status: number, body: unknown) =>
    ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;
  const created = answer(201, { success: true, data: { ...detail, id: 42 } });
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
