import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import orders from '@/messages/es/orders.json';
import payments from '@/messages/es/payments.json';
import { mockFetch } from '@/components/account/test-utils';
import type { BulkCandidate } from '@/lib/admin/transitions';
import { BULK_FORM_ID, BulkStateBar } from './BulkStateBar';
import { islandSpies } from './island-mocks';

jest.mock('@/i18n/navigation', () => jest.requireActual<typeof import('./island-mocks')>('./island-mocks').navigationMock);
jest.mock('@/lib/api/public', () => jest.requireActual<typeof import('./island-mocks')>('./island-mocks').publicApiMock());
const { refresh, handleError } = islandSpies;

const ORDERS: BulkCandidate[] = [
  { id: 1, number: 1001, state: 'waiting', toSucc: false, paymentStatus: 'unpaid' },
  { id: 2, number: 1002, state: 'waiting', toSucc: false, paymentStatus: 'paid' },
  { id: 3, number: 1003, state: 'completed', toSucc: true, paymentStatus: 'paid' },
];

/** The bar plus the board's row checkboxes (server-rendered inputs of its form). */
function board(list: BulkCandidate[]) {
  return (
    <NextIntlClientProvider locale="es" messages={{ orders, payments }} onError={() => {}}>
      <BulkStateBar orders={list} />
      <input type="checkbox" form={BULK_FORM_ID} name="all" aria-label="todos" />
      {list.map((o) => (
        <input key={o.id} type="checkbox" form={BULK_FORM_ID} name="ids" value={o.id} aria-label={`pedido ${o.number}`} />
      ))}
    </NextIntlClientProvider>
  );
}
const renderBar = () => render(board(ORDERS));

beforeEach(() => {
  refresh.mockReset();
  handleError.mockReset();
});

describe('BulkStateBar', () => {
  it('counts the selection; "select all" checks every row', () => {
    renderBar();
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('Ningún pedido seleccionado');
    fireEvent.click(screen.getByLabelText('pedido 1001'));
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('1 pedido seleccionado');
    fireEvent.click(screen.getByLabelText('todos'));
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('3 pedidos seleccionados');
    expect(screen.getByTestId('bulk-apply')).toBeDisabled();
  });

  it('confirms from the state table (which change, which cannot, unpaid shipments), then one call and its results', async () => {
    const { calls } = mockFetch({
      'POST api/staff/orders/bulk-state': {
        status: 200,
        body: {
          success: true,
          data: {
            changed: 1,
            skipped: 1,
            results: [
              { id: 1, number: 1001, result: 'skipped', from: 'waiting', message: 'El pedido #1001 es un envío y no figura pagado' },
              { id: 2, number: 1002, result: 'changed', from: 'waiting', message: null },
            ],
          },
        },
      },
    });
    renderBar();
    fireEvent.click(screen.getByLabelText('todos'));
    fireEvent.change(screen.getByLabelText('Pasar a'), { target: { value: 'shipped' } });
    fireEvent.click(screen.getByTestId('bulk-apply'));
    const dialog = screen.getByRole('alertdialog', { name: 'Cambiar 3 pedidos a Despachado' });
    expect(within(dialog).getByTestId('bulk-will-change')).toHaveTextContent('Van a cambiar 2 pedidos.');
    expect(within(dialog).getByTestId('bulk-cannot')).toHaveTextContent('1 no se puede cambiar:#1003 (Completado)');
    expect(within(dialog).getByTestId('bulk-unpaid')).toHaveTextContent('1 es un envío sin pago registrado:#1001');
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar cambio' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { ids: [1, 2], to: 'shipped' } });
    expect(calls[0]!.body).not.toHaveProperty('confirmUnpaid');
    const result = screen.getByTestId('bulk-result');
    expect(result).toHaveTextContent('Cambió 1 pedido');
    expect(result).toHaveTextContent('#1001: El pedido #1001 es un envío y no figura pagado');
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('Ningún pedido seleccionado');
  });

  it('keeps the result when the refreshed board lists none of the orders (no bar on an empty board)', async () => {
    const ok = { status: 200, body: { success: true, data: { changed: 2, skipped: 0, results: [] } } };
    mockFetch({ 'POST api/staff/orders/bulk-state': ok });
    const view = renderBar();
    fireEvent.click(screen.getByLabelText('pedido 1001'));
    fireEvent.click(screen.getByLabelText('pedido 1002'));
    fireEvent.change(screen.getByLabelText('Pasar a'), { target: { value: 'disarm' } });
    fireEvent.click(screen.getByTestId('bulk-apply'));
    fireEvent.change(screen.getByLabelText('Motivo (lo lee el cliente)'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));
    await waitFor(() => expect(screen.getByTestId('bulk-result')).toHaveTextContent('Cambiaron 2 pedidos'));
    view.rerender(board([]));
    expect(screen.getByTestId('bulk-result')).toHaveTextContent('Cambiaron 2 pedidos');
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('rejecting in bulk needs a reason; confirmUnpaid only when ticked', async () => {
    const ok = { status: 200, body: { success: true, data: { changed: 1, skipped: 0, results: [] } } };
    const { calls } = mockFetch({ 'POST api/staff/orders/bulk-state': ok });
    renderBar();
    fireEvent.click(screen.getByLabelText('pedido 1001'));
    fireEvent.change(screen.getByLabelText('Pasar a'), { target: { value: 'disarm' } });
    fireEvent.click(screen.getByTestId('bulk-apply'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escribí el motivo: el cliente lo va a leer');
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Motivo (lo lee el cliente)'), { target: { value: 'Cliente no responde' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ ids: [1], to: 'disarm', reason: 'Cliente no responde' });

    fireEvent.click(screen.getByLabelText('pedido 1001'));
    fireEvent.change(screen.getByLabelText('Pasar a'), { target: { value: 'shipped' } });
    fireEvent.click(screen.getByTestId('bulk-apply'));
    fireEvent.click(screen.getByLabelText('Despacharlos igual'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ ids: [1], to: 'shipped', confirmUnpaid: true });
  });
});
