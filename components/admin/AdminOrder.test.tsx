import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import admin from '@/messages/es/admin.json';
import orders from '@/messages/es/orders.json';
import payments from '@/messages/es/payments.json';
import type { OrderDetail } from '@/lib/orders/types';
import { AdminOrder, orderTimeline } from './AdminOrder';
import { SHOP_TIME_ZONE } from '@/lib/locales';

jest.mock('@/i18n/navigation', () => ({ Link: ({ children, href }: { children: ReactNode; href: string }) => <a href={href}>{children}</a> }));
// the client islands have their own tests
jest.mock('./StateButtons', () => ({ StateButtons: ({ targets }: { targets: string[] }) => <div data-testid="state-buttons">{targets.join(',')}</div> }));
jest.mock('./RemitForm', () => ({ RemitForm: () => null }));
jest.mock('./BillUpload', () => ({ BillUpload: () => null }));
jest.mock('./BudgetEditor', () => ({ BudgetEditor: () => null }));
jest.mock('./PaymentForm', () => ({
  PaymentForm: () => <form data-testid="payment-form" />,
  VoidPayment: ({ paymentId }: { paymentId: number }) => <button type="button" data-testid="void-payment" data-payment-id={paymentId} />,
}));
jest.mock('@/components/orders/OrderChat', () => ({ OrderChat: ({ orderId }: { orderId: number }) => <div data-testid="order-chat">{orderId}</div> }));
jest.mock('@/components/orders/DocumentLink', () => ({ DocumentLink: ({ label }: { label: string }) => <a href="#doc">{label}</a> }));
jest.mock('@/components/realtime/LiveRefresh', () => ({ LiveRefresh: ({ orderId }: { orderId: number }) => <span data-testid="live" data-order={orderId} /> }));

const doc = (id: number, kind: OrderDetail['documents'][number]['kind'], at: string, over: Partial<OrderDetail['documents'][number]> = {}) => ({
  id,
  kind,
  trackingNumber: null,
  fileUrl: kind === 'remit' || kind === 'budget' ? null : `/api/order/9/documents/${id}/file`,
  fileName: kind === 'proof' ? 'transferencia.pdf' : null,
  mimeType: null,
  size: null,
  createdAt: at,
  budget: null,
  ...over,
});

const order = {
  id: 9,
  number: 1009,
  state: 'started',
  toSucc: true,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T13:00:00.000Z',
  items: [],
  totalPrice: 0,
  subtotal: 0,
  bonus: 0,
  net: 0,
  vat: 0,
  priceWithVat: 0,
  iibb: 0,
  finalTotal: 60500,
  paymentStatus: 'partial',
  paid: 21500,
  payments: [
    { id: 5, amount: 21500, method: 'transfer', at: '2026-11-20T12:20:00.000Z', note: 'Galicia', byName: 'Carla Ruiz', voided: null },
    { id: 6, amount: 39000, method: 'cash', at: '2026-11-20T12:25:00.000Z', note: null, byName: 'Carla Ruiz', voided: { at: '2026-11-20T12:26:00.000Z', reason: 'Era de otro pedido', byName: 'Marta Gómez' } },
  ],
  address: null,
  transport: null,
  otherTransport: null,
  billingData: { id: 1, taxCondition: 'Responsable Inscripto', documentType: 'CUIT', documentNumber: '30708090804' },
  customer: { id: 3, name: 'Ana', lastname: 'Pérez', email: 'ana@example.com', contactNumber: null },
  history: [
    { from: null, to: 'received', at: '2026-11-20T12:00:00.000Z', byUserId: 3, actor: 'customer', byName: 'Ana Pérez' },
    { from: 'received', to: 'started', at: '2026-11-20T12:30:00.000Z', byUserId: 2, actor: 'staff', byName: 'Carla Ruiz' },
    { from: 'started', to: 'started', at: '2026-11-20T12:40:00.000Z', byUserId: null, actor: null, reason: 'Revisión' },
  ],
  documents: [
    doc(1, 'proof', '2026-11-20T12:10:00.000Z', { actor: 'customer', byName: 'Ana Pérez' }),
    doc(2, 'other', '2026-11-20T12:45:00.000Z', { actor: 'staff', byName: 'Marta Gómez' }),
    doc(3, 'remit', '2026-11-20T12:50:00.000Z', { actor: 'staff', byName: null, trackingNumber: 'AB123' }),
  ],
} as unknown as OrderDetail;

const renderOrder = (o: OrderDetail = order) =>
  render(
    <NextIntlClientProvider locale="es" messages={{ admin, orders, payments }} timeZone={SHOP_TIME_ZONE} onError={() => {}}>
      <AdminOrder order={o} />
    </NextIntlClientProvider>,
  );

describe('AdminOrder', () => {
  it('orderTimeline: state changes and documents together, oldest first', () => {
    expect(orderTimeline(order).map((e) => e.key)).toEqual(['h0', 'd1', 'h1', 'h2', 'd2', 'd3']);
  });

  it('history: every change with who made it — staff by name, the customer as "Cliente", old rows as "Sistema"', () => {
    renderOrder();
    const entries = within(screen.getByTestId('order-history')).getAllByTestId('history-entry');
    expect(entries.map((e) => within(e).getByTestId('history-actor').textContent)).toEqual(['Cliente', 'Cliente', 'Carla Ruiz', 'Sistema', 'Marta Gómez', 'Personal']);
    expect(entries[1]).toHaveTextContent('Comprobante subido');
    expect(entries[2]).toHaveTextContent('En preparación');
    expect(entries[2]).toHaveTextContent('desde Recibido');
    expect(entries[5]).toHaveTextContent('Remito cargado · Seguimiento: AB123');
  });

  it("shows the customer's proof of transfer, the allowed moves, the chat and live refresh for this order", () => {
    renderOrder();
    expect(within(screen.getByTestId('order-proof')).getByRole('link', { name: 'transferencia.pdf' })).toBeInTheDocument();
    expect(screen.getByTestId('state-buttons')).toHaveTextContent('rejected,disarm');
    expect(screen.getByTestId('order-chat')).toHaveTextContent('9');
    expect(screen.getByTestId('live')).toHaveAttribute('data-order', '9');
    renderOrder({ ...order, documents: [] });
    expect(screen.getAllByTestId('order-proof')[1]).toHaveTextContent('El cliente todavía no subió el comprobante.');
  });

  it('payments: status against the total, each payment with method and who, a voided one with who and why; the form while open', () => {
    renderOrder();
    const panel = screen.getByTestId('order-payments');
    expect(panel).toHaveAttribute('data-payment', 'partial');
    expect(within(panel).getByTestId('payment-state')).toHaveTextContent('Pago parcial');
    expect(panel).toHaveTextContent(/Pagado \$\s21\.500,00 de \$\s60\.500,00/);
    expect(panel).toHaveTextContent(/Saldo pendiente: \$\s39\.000,00/);
    const rows = within(panel).getAllByTestId('payment-row');
    expect(rows[0]).toHaveTextContent('Transferencia bancaria');
    expect(rows[0]).toHaveTextContent('por Carla Ruiz');
    expect(rows[0]).toHaveTextContent('Galicia');
    expect(within(rows[0]!).getByTestId('void-payment')).toHaveAttribute('data-payment-id', '5');
    expect(rows[1]).toHaveAttribute('data-voided', 'true');
    expect(rows[1]).toHaveTextContent('Anulado por Marta Gómez: Era de otro pedido');
    expect(within(rows[1]!).queryByTestId('void-payment')).toBeNull();
    expect(within(panel).getByTestId('payment-form')).toBeInTheDocument();
    expect(screen.getByTestId('history-reason')).toHaveTextContent('“Revisión”');
  });

  it('a fully paid order shows no form (and no "closed" note)', () => {
    renderOrder({ ...order, paymentStatus: 'paid', paid: 60500 });
    const panel = screen.getByTestId('order-payments');
    expect(within(panel).queryByTestId('payment-form')).toBeNull();
    expect(panel).not.toHaveTextContent('El pedido está cerrado');
  });

  it('a rejected order takes no payment: no form', () => {
    renderOrder({ ...order, state: 'rejected' });
    const panel = screen.getByTestId('order-payments');
    expect(within(panel).queryByTestId('payment-form')).toBeNull();
    expect(panel).toHaveTextContent('El pedido está cerrado: no admite pagos.');
  });
});
