/**
 * The browser side of the saved cart (issue 23 §4) against a fake API that merges as the real one does
 * (lib/cart/merge resolveUnits, per line, versions). The real API is tested in server/test/saved-cart.test.ts.
 */
import { loadCart, saveCart, createCartState } from '@/lib/cart';
import { resolveUnits, type LineUnits } from '@/lib/cart/merge';
import { normalizeBounds } from '@/lib/cart/quantity';
import { cartItem } from '@/lib/cart/test-helpers';
import type { CartWrite, SavedCart } from '@/lib/contracts/cart';
import { clearDeviceCart, SAVED_CART_KEY, startCartSync } from './server-sync';

class FakeApi {
  version = 0;
  lines = new Map<number, number>();
  hidden = new Set<number>();
  calls: { method: string; body: CartWrite | null }[] = [];

  answer(stale: boolean, rejected: SavedCart['rejected'] = []): SavedCart {
    const lines = [...this.lines].map(([id, units]) => ({
      id,
      units,
      state: this.hidden.has(id) ? ('hidden' as const) : ('active' as const),
      product: this.hidden.has(id)
        ? null
        : { id, fatherId: id, name: `Server ${id}`, fatherName: `Server ${id}`, sku: `S-${id}`, price: 100, discount: null, state: 'active' as const, min: 0, max: 0, steps: 0, offers: [], image: null, path: `/p/${id}` },
      unitPrice: this.hidden.has(id) ? null : 100,
      lineTotal: this.hidden.has(id) ? null : 100 * units,
    }));
    return { version: this.version, stale, lines, totalUnits: 0, total: 0, rejected, adjusted: [] };
  }

  fetch = async (_url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as CartWrite) : null;
    this.calls.push({ method, body });
    if (method === 'GET') return this.json(this.answer(false));
    const stale = body!.baseVersion !== this.version;
    this.version++;
    const rejected: SavedCart['rejected'] = [];
    for (const { id, units } of body!.lines as LineUnits[]) {
      if (this.hidden.has(id) && units > 0) {
        rejected.push({ id, reason: 'hidden' });
        continue;
      }
      const next = resolveUnits(body!.mode ?? 'changes', this.lines.get(id) ?? 0, units, normalizeBounds({}));
      if (next > 0) this.lines.set(id, next);
      else if (body!.mode !== 'signIn') this.lines.delete(id);
    }
    return this.json(this.answer(stale, rejected));
  };

  private json(data: SavedCart) {
    return { status: 200, json: async () => ({ success: true, data }) } as Response;
  }
}

const USER = 7;
let api: FakeApi;

function putLocal(items: ReturnType<typeof cartItem>[]) {
  saveCart(window.localStorage, createCartState(items));
}
const localUnits = () => Object.fromEntries(loadCart(window.localStorage).items.map((i) => [i.id, i.units]));
const start = (onSignInMerge = jest.fn()) => startCartSync({ apiUrl: 'http://api.test', userId: USER, isVip: false, onSignInMerge, debounceMs: 10 });
const settle = () => new Promise((r) => setTimeout(r, 60));

beforeEach(() => {
  window.localStorage.clear();
  api = new FakeApi();
  global.fetch = jest.fn(api.fetch) as unknown as typeof fetch;
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

it('on sign-in, sends the device cart in signIn mode and keeps the larger quantity per line; says so in the toast', async () => {
  api.version = 3;
  api.lines = new Map([
    [1, 10],
    [2, 1],
  ]);
  putLocal([cartItem(1, 1, 4), cartItem(3, 3, 6)]);
  const toast = jest.fn();
  const sync = start(toast);
  await sync.ready;
  expect(api.calls[0]).toEqual({ method: 'PUT', body: { baseVersion: 0, mode: 'signIn', lines: [{ id: 1, units: 4 }, { id: 3, units: 6 }] } });
  expect(localUnits()).toEqual({ 1: 10, 2: 1, 3: 6 });
  expect(toast).toHaveBeenCalledWith({ lines: 3, fromDevice: true, fromAccount: true });
  expect(JSON.parse(window.localStorage.getItem(SAVED_CART_KEY)!)).toMatchObject({ userId: USER, version: 4 });
  sync.stop();
});

it('sends only the lines changed since the saved copy, with its version, after a pause', async () => {
  const sync = start();
  await sync.ready; // empty both sides: no toast, version 1
  putLocal([cartItem(5, 5, 2)]);
  window.dispatchEvent(new CustomEvent('cart:change', { detail: { source: 'other-store' } }));
  putLocal([cartItem(5, 5, 3)]);
  window.dispatchEvent(new CustomEvent('cart:change', { detail: { source: 'other-store' } }));
  await settle();
  const puts = api.calls.filter((c) => c.method === 'PUT');
  expect(puts).toHaveLength(2); // the sign-in one and ONE debounced write
  expect(puts[1]!.body).toEqual({ baseVersion: 1, mode: 'changes', lines: [{ id: 5, units: 3 }] });
  expect([...api.lines]).toEqual([[5, 3]]);
  sync.stop();
});

it('after a reload, reads the saved cart and merges three ways: the other device’s line comes in, this device’s offline line goes up, nothing is lost', async () => {
  // this device last matched version 2 = { 1: 2 }; since then: the other device added 8, this one added 9 offline
  window.localStorage.setItem(SAVED_CART_KEY, JSON.stringify({ userId: USER, version: 2, lines: [[1, 2]] }));
  putLocal([cartItem(1, 1, 2), cartItem(9, 9, 4)]);
  api.version = 3;
  api.lines = new Map([
    [1, 2],
    [8, 5],
  ]);
  const toast = jest.fn();
  const sync = start(toast);
  await sync.ready;
  expect(api.calls[0]!.method).toBe('GET');
  expect(localUnits()).toEqual({ 1: 2, 8: 5, 9: 4 });
  await settle();
  expect(api.calls[1]!.body).toEqual({ baseVersion: 3, mode: 'changes', lines: [{ id: 9, units: 4 }] });
  expect(Object.fromEntries(api.lines)).toEqual({ 1: 2, 8: 5, 9: 4 });
  expect(toast).not.toHaveBeenCalled();
  sync.stop();
});

it('a line removed on another device leaves this one; a line refused as hidden stays here, flagged, and is not sent again', async () => {
  window.localStorage.setItem(SAVED_CART_KEY, JSON.stringify({ userId: USER, version: 1, lines: [[1, 2], [2, 2]] }));
  putLocal([cartItem(1, 1, 2), cartItem(2, 2, 2), cartItem(4, 4, 1)]);
  api.version = 2;
  api.lines = new Map([[1, 2]]); // 2 was removed elsewhere
  api.hidden.add(4);
  const sync = start();
  await sync.ready;
  await settle();
  expect(localUnits()).toEqual({ 1: 2, 4: 1 });
  expect(loadCart(window.localStorage).items.find((i) => i.id === 4)!.state).toBe('hidden');
  const puts = api.calls.filter((c) => c.method === 'PUT');
  expect(puts).toHaveLength(1);
  window.dispatchEvent(new CustomEvent('cart:change', { detail: { source: 'other-store' } }));
  await settle();
  expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1); // nothing changed: nothing sent
  sync.stop();
});

it('clearDeviceCart empties the account’s copy on sign-out, and leaves a guest cart alone', async () => {
  putLocal([cartItem(1, 1, 2)]);
  clearDeviceCart();
  expect(localUnits()).toEqual({ 1: 2 }); // never synced: a guest's cart
  window.localStorage.setItem(SAVED_CART_KEY, JSON.stringify({ userId: USER, version: 1, lines: [[1, 2]] }));
  const heard = jest.fn();
  window.addEventListener('shop:cart-change', heard);
  clearDeviceCart();
  expect(localUnits()).toEqual({});
  expect(window.localStorage.getItem(SAVED_CART_KEY)).toBeNull();
  expect(heard).toHaveBeenCalled();
});

it('another account’s copy left on the device (its session ran out) is not merged into this account', async () => {
  window.localStorage.setItem(SAVED_CART_KEY, JSON.stringify({ userId: USER + 1, version: 4, lines: [[1, 2]] }));
  putLocal([cartItem(1, 1, 2)]);
  const toast = jest.fn();
  const sync = start(toast);
  await sync.ready;
  expect(api.calls[0]!.body).toEqual({ baseVersion: 0, mode: 'signIn', lines: [] });
  expect(localUnits()).toEqual({});
  expect(JSON.parse(window.localStorage.getItem(SAVED_CART_KEY)!)).toMatchObject({ userId: USER, version: 1 });
  expect(toast).not.toHaveBeenCalled();
  sync.stop();
});
