/**
 * @jest-environment node
 */
import { notify, subscribeNotify } from './emitter';
import { getShopToasts, pendingRemovalCount, toast } from './shop-toasts';

describe('on the server (no window)', () => {
  it('notify() is a no-op and queues nothing (no state shared between requests)', () => {
    notify('ERROR', 'boom');
    const seen = jest.fn();
    subscribeNotify(seen);
    expect(seen).not.toHaveBeenCalled();
  });

  it('toast() is a no-op', () => {
    const handle = toast({ title: 'x' });
    expect(typeof handle.id).toBe('string');
    expect(() => handle.dismiss()).not.toThrow();
    expect(getShopToasts()).toEqual([]);
    expect(pendingRemovalCount()).toBe(0);
  });
});
