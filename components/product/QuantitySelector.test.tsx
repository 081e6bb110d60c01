import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuantitySelector, type QuantityItem } from './QuantitySelector';
import { renderWithProductIntl } from './test-utils';

const item: QuantityItem = {
  id: 7,
  cartName: 'Lavanda',
  price: 100,
  discount: null,
  fatherId: 1,
  cartFatherName: 'Esencia',
  image: null,
  path: '/esencias/esencia',
  offers: [],
  state: 'active',
  min: 0,
  max: 0,
  steps: 0,
};

function setup(props: Partial<Parameters<typeof QuantitySelector>[0]> = {}) {
  const onChange = jest.fn();
  renderWithProductIntl(<QuantitySelector item={item} onChange={onChange} {...props} />);
  const input = screen.getByLabelText('Cantidad de Lavanda') as HTMLInputElement;
  const plus = screen.getByRole('button', { name: /^Sumar/ });
  const minus = screen.getByRole('button', { name: /^Restar/ });
  return { onChange, input, plus, minus, user: userEvent.setup() };
}

describe('QuantitySelector', () => {
  it('starts at 0 with minus disabled; + and − move one step and report the units', async () => {
    const { input, plus, minus, onChange, user } = setup();
    expect(input.value).toBe('0');
    expect(minus).toBeDisabled();
    await user.click(plus);
    expect(input.value).toBe('1');
    expect(onChange).toHaveBeenLastCalledWith(1, item);
    await user.click(plus);
    expect(input.value).toBe('2');
    await user.click(minus);
    await user.click(minus);
    expect(input.value).toBe('0');
    expect(onChange).toHaveBeenLastCalledWith(0, item);
    expect(minus).toBeDisabled();
  });

  it('uses min, max and steps: + from 0 goes to the lowest multiple ≥ min; − below min goes to 0', async () => {
    const { input, plus, minus, user } = setup({ min: 10, max: 48, steps: 12 });
    expect(screen.getByRole('button', { name: 'Sumar 12 unidades de Lavanda' })).toBe(plus);
    await user.click(plus);
    expect(input.value).toBe('12');
    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    expect(input.value).toBe('48');
    expect(plus).toBeDisabled();
    await user.click(minus);
    await user.click(minus);
    await user.click(minus);
    expect(input.value).toBe('12');
    await user.click(minus);
    expect(input.value).toBe('0');
  });

  it('defaults: max 5000 when absent or 0 — typing above it is brought down at once', async () => {
    const { input, plus, onChange, user } = setup({ max: 0 });
    await user.clear(input);
    await user.type(input, '99999');
    expect(input.value).toBe('5000');
    expect(onChange).toHaveBeenLastCalledWith(5000, item);
    expect(plus).toBeDisabled();
  });

  it('ignores non-numbers, an empty field means 0, blur clamps and snaps to the step', async () => {
    const { input, onChange, user } = setup({ min: 5, steps: 5 });
    await user.clear(input);
    await user.type(input, 'abc');
    expect(input.value).toBe('');
    await user.type(input, '17');
    expect(input.value).toBe('17');
    act(() => input.blur());
    expect(input.value).toBe('15');
    expect(onChange).toHaveBeenLastCalledWith(15, item);
    await user.clear(input);
    act(() => input.blur());
    expect(input.value).toBe('0');
    expect(onChange).toHaveBeenLastCalledWith(0, item);
    await user.type(input, '3');
    fireEvent.keyUp(input, { key: 'Enter' });
    expect(input.value).toBe('5'); // below the minimum but above 0: up to the lowest quantity
  });

  it('announces the quantity politely', async () => {
    const { plus, user } = setup();
    await user.click(plus);
    expect(screen.getByText('1 unidad de Lavanda')).toHaveAttribute('aria-live', 'polite');
  });

  it('follows the initial units from the cart', () => {
    const { rerender } = renderWithProductIntl(<QuantitySelector item={item} initial={3} label="Otra" />);
    const input = screen.getByLabelText('Cantidad de Otra') as HTMLInputElement;
    expect(input.value).toBe('3');
    rerender(<QuantitySelector item={item} initial={8} label="Otra" />);
    expect((screen.getByLabelText('Cantidad de Otra') as HTMLInputElement).value).toBe('8');
  });
});
