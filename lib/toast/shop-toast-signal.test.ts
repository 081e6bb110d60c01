import { toast, resetShopToasts } from './shop-toasts';
import { onShopToast } from './shop-toast-signal';

describe('shop toast signal', () => {
  afterEach(() => resetShopToasts());

  it('calls back at the first toast, and at once for a listener that comes later', () => {
    const early = jest.fn();
    const off = onShopToast(early);
    expect(early).not.toHaveBeenCalled();
    toast({ title: 'Agregado' });
    expect(early).toHaveBeenCalledTimes(1);
    off();
    toast({ title: 'Otra vez' });
    expect(early).toHaveBeenCalledTimes(1);
    const late = jest.fn();
    onShopToast(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
