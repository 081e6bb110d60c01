import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import admin from '@/messages/es/admin.json';
import orders from '@/messages/es/orders.json';
import payments from '@/messages/es/payments.json';
import { mockFetch } from '@/components/account/test-utils';
import { staffStateTargets } from '@/lib/admin/transitions';
import { StateButtons } from './StateButtons';
import { islandSpies } from './island-mocks';

jest.mock('@/i18n/navigation', () => jest.requireActual<typeof import('./island-mocks')>('./island-mocks').navigationMock);
jest.mock('@/lib/api/public', () => jest.requireActual<typeof import('./island-mocks')>('./island-mocks').publicApiMock());
const { refresh, handleError } = islandSpies;

function renderButtons(state: Parameters<typeof staffStateTargets>[0], unpaidShipment: 'unpaid' | 'partial' | null = null) {
  return render(
    <NextIntlClientProvider locale="es" messages={{ admin, orders, payments }} onError={() => {}}>
      <StateButtons orderId={9} targets={staffStateTargets(state)} unpaidShipment={unpaidShipment} />
    </NextIntlClientProvider>,
  );
}

beforeEach(() => {
  refresh.mockReset();
  handleError.mockReset();
});

describe('StateButtons', () => {
  it('shows exactly the staff moves from the state', () => {
    renderButtons('received');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Pasar a En preparación', 'Pasar a Rechazado']);
  });

  it('says so when no move is left', () => {
    renderButtons('completed');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('No hay cambios de estado disponibles desde este estado.')).toBeInTheDocument();
  });

  it('posts the move and refreshes the page', async () => {
    const { calls } = mockFetch({ 'POST api/staff/orders/9/state': { status: 200, body: { success: true, data: {} } } });
    renderButtons('received');
    fireEvent.click(screen.getByRole('button', { name: 'Pasar a En preparación' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', body: { to: 'started' } });
  });

  it('hands a refusal to the generic error handler', async () => {
    mockFetch({ 'POST api/staff/orders/9/state': { status: 409, body: { success: false, message: 'No se puede pasar el pedido' } } });
    renderButtons('received');
    fireEvent.click(screen.getByRole('button', { name: 'Pasar a En preparación' }));
    await waitFor(() => expect(handleError).toHaveBeenCalled());
    expect(refresh).not.toHaveBeenCalled();
  });

  it('rejecting asks for confirmation and a reason, then sends it', async () => {
    const { calls } = mockFetch({ 'POST api/staff/orders/9/state': { status: 200, body: { success: true, data: {} } } });
    renderButtons('received');
    fireEvent.click(screen.getByRole('button', { name: 'Pasar a Rechazado' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Pasar el pedido a Rechazado?' });
    expect(dialog).toHaveFocus();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Pasar a Rechazado' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escribí el motivo: el cliente lo va a leer');
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Motivo (lo lee el cliente)'), { target: { value: '  Sin stock de lavanda  ' } });
    expect(screen.getByText('24/500')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pasar a Rechazado' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', body: { to: 'rejected', reason: 'Sin stock de lavanda' } });
  });

  it('Volver closes the confirmation without a request', () => {
    const { calls } = mockFetch({});
    renderButtons('started');
    fireEvent.click(screen.getByRole('button', { name: 'Pasar a Desarmado' }));
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('dispatching an unpaid shipment asks first and sends confirmUnpaid; a paid one goes straight', async () => {
    const { calls } = mockFetch({ 'POST api/staff/orders/9/state': { status: 200, body: { success: true, data: {} } } });
    const { unmount } = renderButtons('waiting', 'partial');
    fireEvent.click(screen.getByRole('button', { name: 'Pasar a Despachado' }));
    expect(screen.getByRole('alertdialog', { name: 'El pedido no figura pagado' })).toHaveTextContent('«Pago parcial»');
    fireEvent.click(screen.getByRole('button', { name: 'Despachar sin pago' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ body: { to: 'shipped', confirmUnpaid: true } });
    unmount();
    renderButtons('waiting', null);
    fireEvent.click(screen.getByRole('button', { name: 'Pasar a Despachado' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ body: { to: 'shipped' } });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
