import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import adminPrices from '@/messages/es/adminPrices.json';
import type { AuditEntry, AuditList } from '@/lib/contracts/price-changes';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { AuditLog, auditHref, parseAuditFilters } from './AuditLog';

jest.mock('@/i18n/navigation', () => ({
  Link: ({ children, href, ...rest }: { children: ReactNode; href: string }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  createdAt: '2026-11-27T15:00:00.000Z',
  actor: { id: 1, name: 'Carla Ruiz', email: 'staff@example.com' },
  action: 'prices.bulk',
  summary: {
    selection: { category: 3 },
    rule: { kind: 'percent', value: 10, fields: ['price', 'tiers'], rounding: 'ten' },
    fileName: null,
    count: 61,
    totals: { price: 100, discount: 0, tiers: 0 },
    undoOf: null,
    skipped: [],
  },
  undoneBy: null,
  canUndo: false,
  ...over,
});

const list = (items: AuditEntry[]): AuditList => ({ items, total: items.length, page: 1, totalPages: 1, actors: [{ id: 1, name: 'Carla Ruiz', email: 'staff@example.com' }] });

const renderLog = (l: AuditList) =>
  render(
    <NextIntlClientProvider locale="es" messages={{ adminPrices }} timeZone={SHOP_TIME_ZONE} onError={() => {}}>
      <AuditLog filters={{}} list={l} entry={null} categories={{ 3: 'Velas' }} />
    </NextIntlClientProvider>,
  );

describe('AuditLog', () => {
  it('describes each entry: rule, selection, undo links and the rows an undo skipped', () => {
    renderLog(
      list([
        entry(2, {
          action: 'prices.undo',
          summary: { ...entry(2).summary, count: 60, undoOf: 1, skipped: [{ productId: 9, sku: 'VEL-0001', name: 'Vela' }] },
        }),
        entry(1, { undoneBy: 2 }),
      ]),
    );
    const rows = screen.getAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getAllByText('Reversión de un cambio').length).toBeGreaterThan(0);
    expect(within(rows[0]!).getByText('revierte la entrada #1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/1 fila editada después quedó sin revertir: VEL-0001/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+10 % · Precio, Precios por cantidad · A $ 10')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Categoría Velas')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('deshecho por la entrada #2')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('audit-see')).toHaveAttribute('href', '/admin/audit?entry=1');
  });

  it('says when nothing matches', () => {
    renderLog(list([]));
    expect(screen.getByText('No hay entradas con estos filtros.')).toBeInTheDocument();
  });
});

describe('audit filters in the URL', () => {
  it('keeps valid values only and writes them back', () => {
    const f = parseAuditFilters({ actor: '4', action: 'prices.csv', from: '2026-11-01', to: 'ayer', page: '0', entry: ['1', '2'] });
    expect(f).toEqual({ actor: 4, action: 'prices.csv', from: '2026-11-01', to: undefined, page: undefined, entry: undefined });
    expect(auditHref(f)).toBe('/admin/audit?actor=4&action=prices.csv&from=2026-11-01');
    expect(parseAuditFilters({ action: 'borrar' }).action).toBeUndefined();
  });
});
