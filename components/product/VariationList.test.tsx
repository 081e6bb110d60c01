import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyBox } from './variations';
import { VariationList } from './VariationList';
import { renderWithProductIntl } from './test-utils';

const parent: BuyBox['parent'] = {
  id: 1,
  name: 'Esencia para Hornillo',
  path: '/esencias/esencia-para-hornillo',
  image: null,
  state: 'active',
  offers: [],
  isVariable: true,
};

const row = (id: number, name: string, over: Partial<BuyBox['rows'][number]> = {}): BuyBox['rows'][number] => ({
  id,
  name,
  price: 1749.9,
  discount: null,
  state: 'active',
  min: 0,
  max: 0,
  steps: 0,
  ...over,
});

const box: BuyBox = {
  parent,
  attribute: 'Aroma',
  showRowPrice: true,
  rows: [
    row(1, 'Lavanda'),
    row(2, 'Sándalo', { price: 1960, discount: 1500 }),
    row(3, 'Mirra', { state: 'limited' }),
    row(4, 'Pachulí', { state: 'noStock' }),
  ],
};

const nbsp = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

describe('VariationList', () => {
  it('shows the attribute heading, a Buscar... box and one row per variation', () => {
    renderWithProductIntl(<VariationList box={box} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Aroma' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar...')).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar Aroma')).toBeInTheDocument();
    expect(screen.getAllByTestId('variation-row')).toHaveLength(4);
  });

  it('states: limited shows "Pocas unidades"; noStock shows "Sin stock", no selector and the stock alert', async () => {
    renderWithProductIntl(<VariationList box={box} />);
    const rows = screen.getAllByTestId('variation-row');
    expect(within(rows[2]).getByText('Pocas unidades')).toBeInTheDocument();
    expect(within(rows[2]).getByTestId('quantity-selector')).toBeInTheDocument();
    expect(within(rows[2]).queryByTestId('stock-alert')).toBeNull();
    expect(within(rows[3]).getByText('Sin stock')).toBeInTheDocument();
    expect(within(rows[3]).queryByTestId('quantity-selector')).toBeNull();
    // the alert's own chunk (next/dynamic), for the variation; disabled until the session is known (StockAlert.test)
    expect(await within(rows[3]).findByRole('button', { name: 'Avisame cuando haya stock: Esencia para Hornillo – Pachulí' })).toBeDisabled();
  });

  it('prices: the list price struck through with the discount beside it', () => {
    renderWithProductIntl(<VariationList box={box} />);
    const sandalo = screen.getAllByTestId('variation-row')[1];
    expect(nbsp(sandalo.querySelector('s')?.textContent ?? null)).toBe('$ 1.960,00');
    expect(nbsp(sandalo.querySelector('strong')?.textContent ?? null)).toBe('$ 1.500,00');
    expect(nbsp(screen.getAllByTestId('variation-row')[0].textContent)).toContain('$ 1.749,90');
  });

  it('hides row prices when min and max prices are equal', () => {
    renderWithProductIntl(<VariationList box={{ ...box, showRowPrice: false }} />);
    expect(screen.getAllByTestId('variation-row')[0].textContent).not.toContain('$');
  });

  it('filters case-insensitively, says when nothing matches, and restores', async () => {
    const user = userEvent.setup();
    renderWithProductIntl(<VariationList box={box} />);
    const search = screen.getByPlaceholderText('Buscar...');
    await user.type(search, 'SAND');
    const shown = screen.getAllByTestId('variation-row');
    expect(shown).toHaveLength(1);
    expect(within(shown[0]).getByText('Sándalo')).toBeInTheDocument();
    expect(screen.getByText('1 opción de 4')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.queryAllByTestId('variation-row')).toHaveLength(0);
    expect(screen.getByText('Ninguna opción coincide con «zzz».')).toBeInTheDocument();
    await user.clear(search);
    expect(screen.getAllByTestId('variation-row')).toHaveLength(4);
  });

  it('a parent in noStock: every row without a selector', () => {
    const rows = box.rows.map((r) => ({ ...r, state: 'noStock' as const }));
    renderWithProductIntl(<VariationList box={{ ...box, parent: { ...parent, state: 'noStock' }, rows }} />);
    expect(screen.queryAllByTestId('quantity-selector')).toHaveLength(0);
    expect(screen.getAllByText('Sin stock')).toHaveLength(4);
  });

  it('a simple product: one row, no search box, "Cantidad" heading', () => {
    renderWithProductIntl(
      <VariationList
        box={{ parent: { ...parent, isVariable: false }, attribute: null, showRowPrice: false, rows: [row(1, 'Vela')] }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Cantidad' })).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Buscar...')).toBeNull();
    expect(screen.getAllByTestId('variation-row')).toHaveLength(1);
    expect(screen.getByLabelText('Cantidad de Vela')).toBeInTheDocument();
  });

  it('the count: the server-written text while every row shows, its own plural once the filter narrows it', async () => {
    renderWithProductIntl(<VariationList box={box} allShownCount="4 opciones de 4 (servidor)" />);
    expect(screen.getByText('4 opciones de 4 (servidor)')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Buscar...'), 'mirra');
    expect(screen.getByText('1 opción de 4')).toBeInTheDocument();
    await userEvent.clear(screen.getByPlaceholderText('Buscar...'));
    expect(screen.getByText('4 opciones de 4 (servidor)')).toBeInTheDocument();
  });

  it('the count without a server text comes from the messages', () => {
    renderWithProductIntl(<VariationList box={box} />);
    expect(screen.getByText('4 opciones de 4')).toBeInTheDocument();
  });
});
