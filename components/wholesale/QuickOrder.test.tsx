import type { ReactNode } from 'react';
import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import wholesale from '@/messages/es/wholesale.json';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { checkQuantity, normalizeBounds, loadCart } from '@/lib/cart';
import type { QuickOrderRequest, QuickOrderResult } from '@/lib/contracts/wholesale';
import { resetSharedCartStore } from '@/components/cart/CartProvider';
import { QuickOrder } from './QuickOrder';

const push = jest.fn();
jest.mock('@/i18n/navigation', () => ({ useRouter: () => ({ push }), Link: ({ children }: { children: ReactNode }) => children }));

/** A catalogue of two products: STEP-1 sold by 6 from 12 at $ 500, and nothing else (unknown SKUs). */
function fakeApi() {
  const calls: QuickOrderRequest['lines'][] = [];
  const bounds = normalizeBounds({ min: 12, steps: 6, max: 120 });
  const answer = (lines: QuickOrderRequest['lines']): QuickOrderResult => {
    const out = lines.map((l) => {
      if (l.sku !== 'STEP-1') {
        return { sku: l.sku, quantity: l.quantity, rows: [l.row ?? 1], problem: 'unknownSku' as const, nearest: [], rule: null, name: null, unitPrice: null, lineTotal: null, product: null };
      }
      const check = checkQuantity(l.quantity, bounds);
      const ok = check.problem === null;
      return {
        sku: l.sku,
        quantity: l.quantity,
        rows: [l.row ?? 1],
        problem: check.problem,
        nearest: check.nearest,
        rule: { lowest: bounds.lowest, highest: bounds.highest, step: bounds.step },
        name: 'Sahumerio por seis',
        unitPrice: ok ? 500 : null,
        lineTotal: ok ? 500 * l.quantity : null,
        product: ok
          ? { id: 7, fatherId: 7, name: 'Sahumerio por seis', fatherName: 'Sahumerio por seis', sku: 'STEP-1', price: 500, discount: null, state: 'active' as const, min: 12, max: 120, steps: 6, offers: [], image: null, path: '/sahumerios/por-seis' }
          : null,
      };
    });
    const valid = out.filter((l) => l.problem === null);
    return { lines: out, rejected: [], validCount: valid.length, errorCount: out.length - valid.length, total: valid.reduce((s, l) => s + (l.lineTotal ?? 0), 0) };
  };
  return {
    calls,
    quickOrder: jest.fn(async (lines: QuickOrderRequest['lines']) => {
      calls.push(lines);
      return answer(lines);
    }),
    quickOrderFile: jest.fn(async () => answer([])),
  };
}

function renderPad(api = fakeApi()) {
  render(
    <NextIntlClientProvider locale="es" messages={{ wholesale }} onError={() => {}} timeZone={SHOP_TIME_ZONE}>
      <QuickOrder api={api} />
    </NextIntlClientProvider>,
  );
  return api;
}

beforeEach(() => {
  window.localStorage.clear();
  resetSharedCartStore();
  push.mockClear();
});

describe('<QuickOrder>', () => {
  it('checks a pasted spreadsheet with Ctrl+Enter, shows per-line errors, fixes a quantity in place and adds the valid lines', async () => {
    const user = userEvent.setup();
    const api = renderPad();
    const box = screen.getByRole('textbox', { name: /Líneas del pedido/ });
    await user.click(box);
    await user.paste('STEP-1\tSahumerio\t13\nNOPE-9\tOtro\t2\nsolo texto');
    await user.keyboard('{Control>}{Enter}{/Control}');

    await screen.findByTestId('quick-order-results');
    expect(api.calls[0]).toEqual([
      { row: 1, sku: 'STEP-1', quantity: 13 },
      { row: 2, sku: 'NOPE-9', quantity: 2 },
    ]);
    expect(screen.getByText('Fila 3: falta la cantidad (solo texto)')).toBeInTheDocument();
    const rows = screen.getAllByTestId('quick-order-line');
    expect(within(rows[0]!).getByText('Se vende de a 6')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('No encontramos ese SKU')).toBeInTheDocument();
    expect(screen.getByTestId('quick-order-add')).toBeDisabled();

    // fix the quantity in place: type 18 and press Enter → checked again
    const qty = screen.getByRole('textbox', { name: 'Cantidad de STEP-1' });
    await user.clear(qty);
    await user.type(qty, '18{Enter}');
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]).toEqual([
      { sku: 'STEP-1', quantity: 18, row: 1 },
      { sku: 'NOPE-9', quantity: 2, row: 2 },
    ]);
    expect(await screen.findByText('1 línea válida · 1 con error')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar 1 línea válida al carrito' }));
    expect(loadCart(window.localStorage).items.map((i) => [i.id, i.units, i.price])).toEqual([[7, 18, 500]]);
    expect(push).toHaveBeenCalledWith('/cart');
  });

  it('offers the nearest valid quantities as buttons', async () => {
    const user = userEvent.setup();
    const api = renderPad();
    await user.type(screen.getByRole('textbox', { name: /Líneas del pedido/ }), 'STEP-1 5');
    await user.click(screen.getByRole('button', { name: 'Revisar líneas' }));
    await user.click(await screen.findByRole('button', { name: 'Usar 12' }));
    await waitFor(() => expect(api.calls[1]).toEqual([{ sku: 'STEP-1', quantity: 12, row: 1 }]));
  });

  it('asks for at least one line before calling the API', async () => {
    const user = userEvent.setup();
    const api = renderPad();
    await user.click(screen.getByRole('button', { name: 'Revisar líneas' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escribí o pegá al menos una línea');
    expect(api.quickOrder).not.toHaveBeenCalled();
  });
});
