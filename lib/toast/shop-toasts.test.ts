import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD,
  dismissToast,
  getShopToasts,
  normalizeVariant,
  pendingRemovalCount,
  resetShopToasts,
  shopToastReducer,
  subscribeShopToasts,
  toast,
  type ShopToast,
  type ShopToastAction,
} from './shop-toasts';

const item = (id: string, open = true): ShopToast => ({ id, title: id, variant: 'default', open });

describe('shopToastReducer', () => {
  it('ADD_TOAST puts the new toast first and keeps only TOAST_LIMIT (1)', () => {
    expect(TOAST_LIMIT).toBe(1);
    const s = shopToastReducer([item('a')], { type: 'ADD_TOAST', toast: item('b') });
    expect(s.map((t) => t.id)).toEqual(['b']);
  });

  it('DISMISS_TOAST closes one by id, or all without id; no-op returns the same state', () => {
    const s = [item('a')];
    expect(shopToastReducer(s, { type: 'DISMISS_TOAST', id: 'a' })[0].open).toBe(false);
    expect(shopToastReducer(s, { type: 'DISMISS_TOAST' })[0].open).toBe(false);
    expect(shopToastReducer(s, { type: 'DISMISS_TOAST', id: 'zz' })).toBe(s);
    const closed = [item('a', false)];
    expect(shopToastReducer(closed, { type: 'DISMISS_TOAST' })).toBe(closed);
  });

  it('REMOVE_TOAST removes by id or everything', () => {
    const s = [item('a')];
    expect(shopToastReducer(s, { type: 'REMOVE_TOAST', id: 'a' })).toEqual([]);
    expect(shopToastReducer(s, { type: 'REMOVE_TOAST', id: 'x' })).toBe(s);
    expect(shopToastReducer(s, { type: 'REMOVE_TOAST' })).toEqual([]);
    const empty: ShopToast[] = [];
    expect(shopToastReducer(empty, { type: 'REMOVE_TOAST' })).toBe(empty);
    expect(shopToastReducer(s, { type: 'WHAT' } as unknown as ShopToastAction)).toBe(s);
  });

  it('normalizeVariant keeps the five variants and maps anything else to default', () => {
    for (const v of ['default', 'destructive', 'warning', 'success', 'error']) expect(normalizeVariant(v)).toBe(v);
    expect(normalizeVariant('danger')).toBe('default');
    expect(normalizeVariant(undefined)).toBe('default');
  });

  it('spec constants', () => {
    expect([TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD, TOAST_HOTKEY, TOAST_REMOVE_DELAY_MS]).toEqual([
      5000,
      50,
      ['F8'],
      1_000_000,
    ]);
  });
});

describe('module-level toast() store (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    resetShopToasts();
    jest.useRealTimers();
  });

  it('toast() adds an open toast and notifies subscribers', () => {
    const listener = jest.fn();
    const off = subscribeShopToasts(listener);
    const { id } = toast({ title: 'Agregado', description: '3 × Sahumerio', variant: 'success' });
    expect(getShopToasts()).toEqual([
      { id, title: 'Agregado', description: '3 × Sahumerio', variant: 'success', open: true },
    ]);
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    toast({ title: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a new toast replaces the current one; ids are unique', () => {
    const a = toast({ title: 'a' });
    const b = toast({ title: 'b', variant: 'bogus' as never });
    expect(a.id).not.toBe(b.id);
    expect(getShopToasts()).toHaveLength(1);
    expect(getShopToasts()[0]).toMatchObject({ id: b.id, variant: 'default' });
  });

  it('keeps a caller duration only when it is a positive number', () => {
    toast({ title: 'a', duration: 8000 });
    expect(getShopToasts()[0].duration).toBe(8000);
    toast({ title: 'b', duration: -1 });
    expect(getShopToasts()[0]).not.toHaveProperty('duration');
  });

  it('dismiss closes it and removes it TOAST_REMOVE_DELAY_MS later', () => {
    const { dismiss } = toast({ title: 'a' });
    dismiss();
    expect(getShopToasts()[0].open).toBe(false);
    expect(pendingRemovalCount()).toBe(1);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getShopToasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(getShopToasts()).toEqual([]);
    expect(pendingRemovalCount()).toBe(0);
  });

  it('dismissToast() without id closes the current toast', () => {
    toast({ title: 'a' });
    dismissToast();
    expect(getShopToasts()[0].open).toBe(false);
  });

  it('does not leak: many toast + dismiss cycles keep at most one entry and one timer', () => {
    for (let i = 0; i < 200; i++) {
      const { dismiss } = toast({ title: `t${i}` });
      if (i % 2 === 0) dismiss();
      expect(getShopToasts().length).toBeLessThanOrEqual(1);
      expect(pendingRemovalCount()).toBeLessThanOrEqual(1);
    }
    expect(jest.getTimerCount()).toBeLessThanOrEqual(1);
  });

  it('dismissing an already replaced toast schedules nothing', () => {
    const a = toast({ title: 'a' });
    toast({ title: 'b' });
    a.dismiss();
    expect(getShopToasts()[0].open).toBe(true);
    expect(pendingRemovalCount()).toBe(0);
  });
});
