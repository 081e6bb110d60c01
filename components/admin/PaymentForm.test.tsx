import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import payments from '@/messages/es/payments.json';
import { mockFetch } from '@/components/account/test-utils';
import { PaymentForm, VoidPayment } from './PaymentForm';
import { islandSpies } from './island-mocks';

jest.mock('@/i18n/navigation', () => jest.requireActual<typeof import('./island-mocks')>('./island-mocks').navigationMock);
jest.mock('@/lib/api/public', () => jest.requireActual<typeof import('./island-mocks')>('./island-mocks').publicApiMock());
const { refresh, handleError } = islandSpies;

const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="es" messages={{ payments }} onError={() => {}}>
      {ui}
    </NextIntlClientProvider>,
  );

beforeEach(() => {
  refresh.mockReset();
  handleError.mockReset();
});

describe('PaymentForm', () => {
  it('echoes the es-AR amount as typed and posts it with the method and note', async () => {
    const { calls } = mockFetch({ 'POST api/staff/orders/7/payments': { status: 201, body: { success: true, data: {} } } });
    wrap(<PaymentForm orderId={7} />);
    const amount = screen.getByLabelText(/^Monto/);
    fireEvent.change(amount, { target: { value: '21.500' } });
    expect(screen.getByTestId('amount-echo')).toHaveTextContent(/^= \$\s21\.500,00$/);
    fireEvent.change(screen.getByLabelText('Método'), { target: { value: 'cash' } });
    fireEvent.change(screen.getByLabelText('Nota interna (opcional)'), { target: { value: ' Caja 2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', body: { amount: '21.500', method: 'cash', note: 'Caja 2' } });
  });

  it.each([
    ['1e3', 'Ingresá un monto válido, por ejemplo 21.500 o 21.500,50'],
    ['-5', 'Ingresá un monto válido, por ejemplo 21.500 o 21.500,50'],
    ['', 'Ingresá un monto válido, por ejemplo 21.500 o 21.500,50'],
    ['0', 'El monto del pago debe ser mayor a cero'],
  ])('refuses %j before calling the API', (value, message) => {
    const { calls } = mockFetch({});
    wrap(<PaymentForm orderId={7} />);
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(/^Monto/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('hands an API refusal (e.g. over the balance) to the error handler', async () => {
    mockFetch({ 'POST api/staff/orders/7/payments': { status: 400, body: { success: false, message: 'El monto supera el saldo pendiente' } } });
    wrap(<PaymentForm orderId={7} />);
    fireEvent.change(screen.getByLabelText(/^Monto/), { target: { value: '99.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(handleError).toHaveBeenCalled());
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('VoidPayment', () => {
  it('asks for confirmation and a reason, then voids', async () => {
    const { calls } = mockFetch({ 'POST api/staff/orders/7/payments/3/void': { status: 200, body: { success: true, data: {} } } });
    wrap(<VoidPayment orderId={7} paymentId={3} amount="$ 21.500,00" />);
    fireEvent.click(screen.getByRole('button', { name: 'Anular' }));
    expect(screen.getByRole('alertdialog', { name: '¿Anular el pago de $ 21.500,00?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Anular pago' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escribí por qué se anula el pago');
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Motivo de la anulación'), { target: { value: 'Era de otro pedido' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anular pago' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ body: { reason: 'Era de otro pedido' } });
  });
});
