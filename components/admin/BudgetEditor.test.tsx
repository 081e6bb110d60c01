import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import admin from '@/messages/es/admin.json';
import { mockFetch } from '@/components/account/test-utils';
import type { OrderItemWire } from '@/lib/orders/types';
import { BudgetEditor } from './BudgetEditor';

const refresh = jest.fn();
jest.mock('@/i18n/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh }), Link: ({ children }: { children: ReactNode }) => children }));
jest.mock('@/lib/api/public', () => {
  const actual = jest.requireActual('@/lib/api/public');
  return { ...actual, usePublicApi: () => ({ request: actual.publicRequest, handleError: jest.fn() }) };
});

const item: OrderItemWire = {
  id: 3,
  productId: 10,
  parentId: 10,
  name: 'Sahumerio',
  variationName: null,
  sku: null,
  quantity: 10,
  requestedQuantity: 10,
  unitPrice: 100,
  regularPrice: 100,
  lineTotal: 1000,
  missing: false,
  priceAdjusted: false,
};
const o = admin.order;
const labels = {
  colProduct: o.colProduct,
  colRequested: o.colRequested,
  colQuantity: o.colQuantity,
  colUnitPrice: o.colUnitPrice,
  colMissing: o.colMissing,
  subtotal: o.subtotal,
  bonus: o.bonus,
  net: o.net,
  vat: o.vat,
  priceWithVat: o.priceWithVat,
  iibb: o.iibb,
  finalTotal: o.finalTotal,
};
const fmt = (n: number) => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(n);

function renderEditor(allowed = true) {
  return render(
    <NextIntlClientProvider locale="es" messages={{ admin }} onError={() => {}}>
      <BudgetEditor orderId={4} items={[item]} bonus={0} allowed={allowed} iibbMisiones={false} labels={labels} />
    </NextIntlClientProvider>,
  );
}

describe('BudgetEditor', () => {
  it('previews totals live and sends the adjusted budget', async () => {
    const { calls } = mockFetch({ 'POST api/staff/orders/4/budget': { status: 200, body: { success: true, data: {} } } });
    renderEditor();
    const preview = () => screen.getByTestId('budget-preview');
    expect(preview().textContent).toContain(fmt(1210));
    fireEvent.change(screen.getByRole('textbox', { name: 'Precio unitario de Sahumerio' }), { target: { value: '200' } });
    expect(preview().textContent).toContain(fmt(2420));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar presupuesto' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ items: [{ itemId: 3, quantity: 10, unitPrice: 200, missing: false }], bonus: 0 });
  });

  it('blocks bad input with a message', () => {
    renderEditor();
    fireEvent.change(screen.getByRole('textbox', { name: 'Unidades de Sahumerio' }), { target: { value: '0' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Revisá las unidades');
    expect(screen.getByRole('button', { name: 'Enviar presupuesto' })).toBeDisabled();
  });

  it('explains when no budget can be sent', () => {
    renderEditor(false);
    expect(screen.getByText('No se puede enviar un presupuesto en este estado.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
