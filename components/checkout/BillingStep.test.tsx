import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PublicApiError } from '@/lib/api/public';
import { renderEs } from './test-utils';
import { handleError, notify } from './test-mocks';

jest.mock('@/components/toast/MessagesProvider', () => jest.requireActual<typeof import('./test-mocks')>('./test-mocks').messagesMock());
jest.mock('@/lib/api/public', () => jest.requireActual<typeof import('./test-mocks')>('./test-mocks').publicApiMock());
const createBilling = jest.fn();
jest.mock('@/lib/api/orders', () => ({
  ordersApi: {
    createBilling: (...args: unknown[]) => createBilling(...args),
  },
}));

import { BillingStep } from './BillingStep';

beforeEach(() => jest.clearAllMocks());

function fill(taxCondition: string, type: string, number: string) {
  if (taxCondition) fireEvent.change(screen.getByLabelText('Condición frente al IVA'), { target: { value: taxCondition } });
  fireEvent.change(screen.getByLabelText('Tipo de documento'), { target: { value: type } });
  fireEvent.change(screen.getByLabelText('Número'), { target: { value: number } });
}

it('checks every rule on submit: per-field messages, the 2-second warning, no request', async () => {
  renderEs(<BillingStep billing={[]} selectedId={null} onSelect={() => {}} onCreated={() => {}} />);
  fill('', 'CUIT', '20-12345678-0');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
  });
  expect(await screen.findByText('Elegí una condición frente al IVA')).toBeInTheDocument();
  expect(screen.getByText('El CUIT no es válido')).toBeInTheDocument();
  expect(notify).toHaveBeenCalledWith('WARNING', 'Completa bien los campos', 2);
  expect(createBilling).not.toHaveBeenCalled();
});

it('a DNI is checked by format; a valid CUIT is saved as digits and selected', async () => {
  const onCreated = jest.fn();
  createBilling.mockResolvedValueOnce({ id: 11, taxCondition: 'Monotributista', documentType: 'CUIT', number: '20123456786' });
  renderEs(<BillingStep billing={[]} selectedId={null} onSelect={() => {}} onCreated={onCreated} />);
  fill('Monotributista', 'DNI', '12');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
  });
  expect(await screen.findByText('El DNI no es válido (7 u 8 números)')).toBeInTheDocument();
  fill('Monotributista', 'CUIT', '20-12345678-6');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
  });
  await waitFor(() => expect(createBilling).toHaveBeenCalledWith({ taxCondition: 'Monotributista', documentType: 'CUIT', number: '20123456786' }));
  expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
  expect(notify).toHaveBeenCalledWith('SUCCESS', 'Datos de facturación creados');
});

it("a duplicate number shows the API's 'Ya tenemos registrado ese CUIT/CUIL/DNI' under the field", async () => {
  const error = new PublicApiError({ kind: 'http', status: 409, message: 'Ya tenemos registrado ese CUIT/CUIL/DNI' });
  createBilling.mockRejectedValueOnce(error);
  renderEs(<BillingStep billing={[]} selectedId={null} onSelect={() => {}} onCreated={() => {}} />);
  fill('Exento', 'CUIT', '20123456786');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
  });
  expect(await screen.findByText('Ya tenemos registrado ese CUIT/CUIL/DNI')).toBeInTheDocument();
  expect(handleError).toHaveBeenCalledWith(error);
});

it('lists saved billing data as radios', () => {
  const onSelect = jest.fn();
  renderEs(
    <BillingStep
      billing={[{ id: 3, taxCondition: 'Monotributista', documentType: 'CUIT', number: '20-12345678-6', documentNumber: '20123456786', isDefault: false, createdAt: '2026-11-21T13:00:00.000Z' }]}
      selectedId={null}
      onSelect={onSelect}
      onCreated={() => {}}
    />,
  );
  fireEvent.click(screen.getByRole('radio', { name: /CUIT 20-12345678-6/ }));
  expect(onSelect).toHaveBeenCalledWith(3);
  expect(screen.queryByTestId('billing-form')).toBeNull();
});
