import type { ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import adminProducts from '@/messages/es/adminProducts.json';
import { ProductCreateForm } from './ProductCreateForm';

jest.mock('@/i18n/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }), Link: ({ children }: { children: ReactNode }) => children }));
jest.mock('@/components/toast/MessagesProvider', () => ({ useMessages: () => ({ notify: jest.fn() }) }));
jest.mock('@/lib/api/public', () => {
  const actual = jest.requireActual('@/lib/api/public');
  return { ...actual, usePublicApi: () => ({ request: actual.publicRequest, handleError: jest.fn() }) };
});

const nbsp = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

/**
 * "Nuevo producto" with the editor's price fields (./PriceFields.tsx, issue 32 items 5 and 6-D): the price, the
 * sale price and every tier echo the amount as it will be saved, es-AR, and a tier that does not sit below the
 * price is warned about before saving — what the create form lacked while it had its own copy of the fields.
 */
describe('PriceFields in the create form', () => {
  const renderForm = () =>
    render(
      <NextIntlClientProvider locale="es" messages={{ adminProducts }} onError={() => {}}>
        <ProductCreateForm categoryOptions={[]} />
      </NextIntlClientProvider>,
    );

  it('echoes es-AR amounts and warns when a tier is not below the price', () => {
    renderForm();
    fireEvent.change(screen.getByTestId('create-price'), { target: { value: '21.500' } });
    expect(nbsp(screen.getByTestId('echo-price').textContent)).toBe('Se guarda como $ 21.500,00');
    fireEvent.change(screen.getByLabelText('Precio rebajado (opcional)'), { target: { value: '19.999,5' } });
    expect(nbsp(screen.getByTestId('echo-discount').textContent)).toBe('Se guarda como $ 19.999,50');
    expect(screen.queryByTestId('price-warnings')).toBeNull();

    fireEvent.click(screen.getByTestId('add-offer'));
    const row = screen.getByTestId('offer-row');
    fireEvent.change(within(row).getByLabelText('Desde (unidades)'), { target: { value: '50' } });
    fireEvent.change(within(row).getByLabelText('Precio c/u'), { target: { value: '21.50' } });
    expect(nbsp(within(row).getByTestId('echo-o0-price').textContent)).toBe('Se guarda como $ 21,50');
    expect(screen.queryByTestId('price-warnings')).toBeNull();
    fireEvent.change(within(row).getByLabelText('Precio c/u'), { target: { value: '22.000' } });
    expect(screen.getByTestId('price-warnings')).toHaveTextContent('la oferta desde 50 unidades no queda por debajo del precio nuevo');
    // no "big drop" warning for a product that has no saved price yet
    fireEvent.change(screen.getByTestId('create-price'), { target: { value: '1' } });
    expect(screen.getByTestId('price-warnings')).not.toHaveTextContent('el precio baja');
  });
});
