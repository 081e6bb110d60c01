import { fireEvent, screen } from '@testing-library/react';
import type { TransportOption } from '@/lib/api/orders';
import { TransportStep } from './TransportStep';
import { filterTransports } from './transport-filter';
import { renderEs } from './test-utils';

const options: TransportOption[] = [
  { id: 1, name: 'Vía Cargo', fatherId: null, isAble: true },
  { id: 2, name: 'Vía Cargo — retiro en sucursal', fatherId: 1, isAble: true },
  { id: 4, name: 'Cruz del Sur', fatherId: null, isAble: true },
  { id: 9, name: 'Transporte Don Pedro', fatherId: null, isAble: false },
];

describe('filterTransports', () => {
  it('matches names without accents or case, keeping the API order', () => {
    expect(filterTransports(options, 'VIA').map((o) => o.id)).toEqual([1, 2]);
    expect(filterTransports(options, 'sur').map((o) => o.id)).toEqual([4]);
    expect(filterTransports(options, '').map((o) => o.id)).toEqual([1, 2, 4, 9]);
  });
  it("a branch matches its parent company's name", () => {
    expect(filterTransports(options, 'cargo').map((o) => o.id)).toEqual([1, 2]);
    expect(filterTransports(options, 'sucursal').map((o) => o.id)).toEqual([2]);
  });
  it('no match → empty', () => {
    expect(filterTransports(options, 'zzz')).toEqual([]);
  });
});

describe('<TransportStep>', () => {
  it("shows disabled companies with 'Transporte deshabilitado' and does not let them be chosen", () => {
    const onChange = jest.fn();
    renderEs(<TransportStep options={options} value={null} onChange={onChange} />);
    const disabled = screen.getByRole('radio', { name: /Transporte Don Pedro/ });
    expect(disabled).toBeDisabled();
    expect(screen.getByText('Transporte deshabilitado')).toBeInTheDocument();
    fireEvent.click(disabled);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: /Cruz del Sur/ }));
    expect(onChange).toHaveBeenCalledWith({ kind: 'listed', id: 4, name: 'Cruz del Sur' });
  });

  it("filters by the search box and says 'No se encontraron resultados'", () => {
    renderEs(<TransportStep options={options} value={null} onChange={() => {}} />);
    const search = screen.getByLabelText('Buscar transporte');
    fireEvent.change(search, { target: { value: 'cruz' } });
    expect(screen.getByRole('radio', { name: /Cruz del Sur/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Vía Cargo/ })).toBeNull();
    fireEvent.change(search, { target: { value: 'xyz' } });
    expect(screen.getByText('No se encontraron resultados')).toBeInTheDocument();
    // 'Otro' stays available
    expect(screen.getByRole('radio', { name: /Otro/ })).toBeInTheDocument();
  });

  it("'Otro' asks for a free-text name", () => {
    const onChange = jest.fn();
    const { rerender } = renderEs(<TransportStep options={options} value={null} onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: /Otro/ }));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'other', name: '' });
    rerender(<TransportStep options={options} value={{ kind: 'other', name: '' }} onChange={onChange} otherError="Completa este campo" />);
    const name = screen.getByLabelText('Nombre del transporte');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Completa este campo');
    fireEvent.change(name, { target: { value: 'Expreso Sur' } });
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'other', name: 'Expreso Sur' });
  });

  it('loading state while the list is fetched', () => {
    renderEs(<TransportStep options={null} value={null} onChange={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando transportes…');
  });
});
