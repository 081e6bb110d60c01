import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { PublicApiError } from '@/lib/api/public';
import account from '@/messages/es/account.json';
import checkout from '@/messages/es/checkout.json';

const notify = jest.fn();
jest.mock('@/components/toast/MessagesProvider', () => ({ useMessages: () => ({ notify }) }));
const handleError = jest.fn();
jest.mock('@/lib/api/public', () => {
  const actual = jest.requireActual('@/lib/api/public');
  return { ...actual, usePublicApi: () => ({ handleError }) };
});
const at = '2026-11-25T00:00:00.000Z';
const address = { id: 7, province: 'Córdoba', city: 'Córdoba', street: 'San Martín', number: '10', postalCode: '5000', floor: null, extraData: null, state: 'active', createdAt: at };
const api = {
  addresses: jest.fn(async () => [address]),
  billing: jest.fn(async () => [{ id: 3, taxCondition: 'Monotributista', documentType: 'CUIT', number: '20123456786', documentNumber: '20123456786', createdAt: at }]),
  updateAddress: jest.fn(),
  deleteAddress: jest.fn(async () => ({})),
  deleteBilling: jest.fn(),
};
jest.mock('@/lib/api/orders', () => ({
  get ordersApi() {
    return api;
  },
}));

import { SavedRecords } from './SavedRecords';

async function renderRecords() {
  await act(async () => {
    render(
      <NextIntlClientProvider locale="es" messages={{ account, checkout }} onError={() => {}}>
        <SavedRecords />
      </NextIntlClientProvider>,
    );
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  window.confirm = jest.fn(() => true);
});

it('lists the saved addresses and billing data; an address is edited in place', async () => {
  api.updateAddress.mockResolvedValueOnce({ ...address, id: 8, street: 'Belgrano' });
  await renderRecords();
  expect(screen.getByTestId('profile-address')).toHaveTextContent('San Martín 10 — Córdoba, Córdoba (5000)');
  expect(screen.getByTestId('profile-billing-item')).toHaveTextContent('Monotributista · CUIT 20-12345678-6');
  fireEvent.click(screen.getByRole('button', { name: /Editar San Martín/ }));
  const form = screen.getByTestId('profile-address-form');
  fireEvent.change(within(form).getByLabelText('Calle'), { target: { value: 'Belgrano' } });
  await act(async () => {
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
  });
  await waitFor(() => expect(api.updateAddress).toHaveBeenCalledWith(7, expect.objectContaining({ street: 'Belgrano', floor: null })));
  expect(screen.getByTestId('profile-address')).toHaveTextContent('Belgrano 10');
  expect(notify).toHaveBeenCalledWith('SUCCESS', 'Dirección guardada');
});

it('deletes an address after confirming; billing used by an order keeps the API refusal in view', async () => {
  api.deleteBilling.mockRejectedValueOnce(
    new PublicApiError({ kind: 'http', status: 409, message: 'Estos datos de facturación se usan en pedidos y no se pueden borrar' }),
  );
  await renderRecords();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Borrar San Martín/ }));
  });
  expect(api.deleteAddress).toHaveBeenCalledWith(7);
  expect(screen.queryByTestId('profile-address')).toBeNull();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Borrar Monotributista/ }));
  });
  expect(notify).toHaveBeenCalledWith('ERROR', 'Estos datos de facturación se usan en pedidos y no se pueden borrar', 5);
  expect(screen.getByTestId('profile-billing-item')).toBeInTheDocument();
});
