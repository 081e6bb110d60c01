import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import admin from '@/messages/es/admin.json';
import orders from '@/messages/es/orders.json';
import payments from '@/messages/es/payments.json';
import { ORDER_STATES } from '@/lib/orders/states';
import type { StaffOrderList, StaffOrderListItem } from '@/lib/orders/types';
import { OrdersBoard } from './OrdersBoard';
import { SHOP_TIME_ZONE } from '@/lib/locales';

jest.mock('@/i18n/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }),
  Link: ({ children, href, ...rest }: { children: ReactNode; href: string }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));
jest.mock('@/components/realtime/LiveRefresh', () => ({ LiveRefresh: () => <span data-testid="live-indicator" /> }));

const row = (id: number, over: Partial<StaffOrderListItem> = {}): StaffOrderListItem =>
  ({
    id,
    number: 1000 + id,
    state: 'received',
    toSucc: true,
    itemCount: 2,
    totalUnits: 20,
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    budgetSentAt: null,
    confirmedAt: null,
    paymentStatus: 'unpaid',
    paid: 0,
    finalTotal: 12345.5,
    customer: { id: 3, name: 'Ana', lastname: 'Pérez', email: 'ana@example.com' },
    documentNumber: '20123456789',
    unread: 0,
    assignee: null,
    budgetExpiresAt: null,
    budgetExpired: false,
    budgetUpdateRequestedAt: null,
    paymentDueAt: null,
    flags: { budgetDueToday: false, budgetExpired: false, paymentOverdue: false },
    ...over,
  }) as StaffOrderListItem;

const counts = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as StaffOrderList['counts'];
const list = (items: StaffOrderListItem[], over: Partial<StaffOrderList> = {}): StaffOrderList => ({
  items,
  total: items.length,
  totalPages: 1,
  page: 1,
  rows: 20,
  counts: { ...counts, received: 1, review: 2 },
  ...over,
});

const renderBoard = (l: StaffOrderList, filters: Parameters<typeof OrdersBoard>[0]['filters'] = { page: 1 }, members: Parameters<typeof OrdersBoard>[0]['members'] = []) =>
  render(
    <NextIntlClientProvider locale="es" messages={{ admin, orders, payments }} timeZone={SHOP_TIME_ZONE} onError={() => {}}>
      <OrdersBoard filters={filters} list={l} members={members} />
    </NextIntlClientProvider>,
  );

describe('OrdersBoard', () => {
  it('chips: every state with its count and colour tone, "Todos" with the sum', () => {
    renderBoard(list([row(1)]));
    const chips = within(screen.getByTestId('state-chips')).getAllByRole('link');
    expect(chips).toHaveLength(12);
    expect(chips[0]).toHaveTextContent('Todos 3');
    const review = chips.find((c) => c.getAttribute('data-state') === 'review')!;
    expect(review).toHaveTextContent('Presupuesto enviado 2');
    expect(review).toHaveAttribute('data-tone', 'attention');
    expect(review).toHaveAttribute('href', '/admin?state=review');
    expect(chips.find((c) => c.getAttribute('data-state') === 'cancelled')).toHaveAttribute('data-empty', 'true');
    expect(screen.getByTestId('live-indicator')).toBeInTheDocument();
  });

  it('rows: link to the order, unread badge only when the customer wrote, labels for phone cards', () => {
    renderBoard(list([row(1, { unread: 3 }), row(2, { state: 'cancelled', toSucc: false })]));
    const rows = screen.getAllByTestId('order-row');
    expect(rows.map((r) => r.getAttribute('data-order-id'))).toEqual(['1', '2']);
    expect(within(rows[0]!).getByRole('link', { name: '1001' })).toHaveAttribute('href', '/admin/orders/1');
    expect(within(rows[0]!).getByTestId('unread-badge')).toHaveTextContent('3');
    expect(within(rows[0]!).getByText('3 mensajes sin leer')).toBeInTheDocument();
    expect(rows[0]).toHaveAttribute('data-unread', 'true');
    expect(within(rows[1]!).queryByTestId('unread-badge')).toBeNull();
    expect(rows[1]).toHaveAttribute('data-tone', 'negative');
    expect(within(rows[1]!).getByText('Envío')).toHaveAttribute('data-label', 'Entrega');
    expect(within(rows[0]!).getByText(/12\.345,50/)).toBeInTheDocument();
  });

  it('keeps the filters in the pager links and says when nothing matches', () => {
    const { unmount } = renderBoard(list([row(1)], { total: 45, totalPages: 3, page: 2 }), { page: 2, state: 'review', q: 'ana' } as never);
    expect(screen.getByRole('link', { name: 'Anterior' })).toHaveAttribute('href', '/admin?state=review&q=ana');
    expect(screen.getByRole('link', { name: 'Siguiente' })).toHaveAttribute('href', '/admin?state=review&q=ana&page=3');
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    unmount();
    renderBoard(list([]));
    expect(screen.getByText('No hay pedidos con estos filtros.')).toBeInTheDocument();
  });

  it('assignment (issue 32 item 4): the assignee on the card, the filter with the team, "Asignados a mí" and the XLSX link keep it', () => {
    renderBoard(list([row(1, { assignee: { id: 5, name: 'Olga Test' } }), row(2)]), { page: 1, assignee: 'me', sort: 'oldest' }, [
      { id: 5, name: 'Olga Test', role: 'orderemployee' },
    ]);
    const rows = screen.getAllByTestId('order-row');
    expect(within(rows[0]!).getByTestId('card-assignee')).toHaveTextContent('Asignado: Olga Test');
    expect(within(rows[1]!).queryByTestId('card-assignee')).toBeNull();
    const filter = screen.getByTestId('assignee-filter');
    expect(filter).toHaveValue('me');
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Cualquiera', 'Asignados a mí', 'Sin asignar', 'Olga Test']);
    // pressed: the link takes the filter off again
    expect(screen.getByTestId('board-mine')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('board-mine')).toHaveAttribute('href', '/admin?sort=oldest');
    expect(screen.getByTestId('board-export-xlsx')).toHaveAttribute('href', '/api/staff-export/orders?sort=oldest&assignee=me&format=xlsx');
    expect(screen.getByTestId('board-export')).toHaveAttribute('href', '/api/staff-export/orders?sort=oldest&assignee=me');
  });
});

describe('OrdersBoard deadlines (issue 24 §1)', () => {
  it('shows "vence hoy", "presupuesto vencido" and "pago vencido" on their rows, the request for a new budget, and the filter keeps it', () => {
    const none = { budgetDueToday: false, budgetExpired: false, paymentOverdue: false };
    renderBoard(
      list([
        row(1, { state: 'review', flags: { ...none, budgetDueToday: true } }),
        row(2, { state: 'review', budgetExpired: true, budgetUpdateRequestedAt: '2026-11-21T12:00:00.000Z', flags: { ...none, budgetExpired: true } }),
        row(3, { state: 'accepted', flags: { ...none, paymentOverdue: true } }),
        row(4),
      ]),
      { page: 1, deadline: 'paymentOverdue' },
    );
    const rows = screen.getAllByTestId('order-row');
    const flagsOf = (r: HTMLElement) => within(r).queryAllByTestId('deadline-flag').map((f) => f.textContent);
    expect(flagsOf(rows[0]!)).toEqual(['vence hoy']);
    expect(flagsOf(rows[1]!)).toEqual(['presupuesto vencido']);
    expect(within(rows[1]!).getByTestId('budget-requested').textContent).toBe('pidió presupuesto actualizado');
    expect(flagsOf(rows[2]!)).toEqual(['pago vencido']);
    expect(flagsOf(rows[3]!)).toEqual([]);
    const select = screen.getByTestId('deadline-filter') as HTMLSelectElement;
    expect(select.value).toBe('paymentOverdue');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Todos', 'vence hoy', 'presupuesto vencido', 'pago vencido']);
    expect(screen.getByTestId('board-export').getAttribute('href')).toContain('deadline=paymentOverdue');
  });
});
