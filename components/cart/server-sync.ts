/**
 * The cart that follows a signed-in customer (issue 23 §4): keeps this device's localStorage cart (spec §9
 * keys, unchanged) and the saved cart (GET/PUT api/cart) in step. Loaded lazily by <CartSync> once the session
 * is known to be signed in: guests never download it, and their cart stays exactly the spec's.
 *
 * - The device remembers the saved cart it last matched (`cartSaved`: user, version, units per line): the
 *   base of a three-way merge (lib/cart/merge). Local changes (any cart store of this tab announces them with
 *   `cart:change`) are sent, debounced, as per-line changes from that base; the answer (the whole cart,
 *   merged with other devices' writes) is written back with the changes made meanwhile laid on top.
 * - No base for this user (a sign-in): the device's cart goes up with mode 'signIn' (same line: the larger
 *   quantity, snapped by the API) and a toast says what the cart now holds.
 * - On start and whenever the page becomes visible again, the saved cart is read, so a reload shows what
 *   another device did.
 * - Lines flagged on this device (hidden, out of stock) are never written from it: removing one is.
 * - Sign-out (`clearDeviceCart`): the saved cart stays on the server; this device's copy is emptied, as the
 *   big shops do (the next person at this computer does not see it).
 */
import { accountRequest } from '@/lib/session/api';
import { withAccessToken } from '@/lib/session/refresh';
import { apiPaths } from '@/lib/api/paths';
import { savedCartSchema, type CartWrite, type SavedCart } from '@/lib/contracts/cart';
import { cartItemFor } from '@/lib/cart/add-lines';
import { diffLines, rebase, type LineUnits } from '@/lib/cart/merge';
import { clearCartStorage } from '@/lib/cart/storage';
import { createCartState, loadCart, saveCart, selectTotals, type CartItem, type StorageLike } from '@/lib/cart';
import { isBuyable } from '@/lib/cart/reducer';
import { CART_CHANGE_EVENT as SHELL_CART_CHANGE_EVENT } from '@/components/layout/cart-summary';
import { CART_CHANGE_EVENT, type CartChangeDetail } from './store';

/** The device's record of the saved cart it last matched. */
export const SAVED_CART_KEY = 'cartSaved';
const SOURCE = 'cart-sync';
/** A change reaches the server after this pause (typing a quantity is many changes). */
const SYNC_DEBOUNCE_MS = 800;
const RETRY_MS = 15_000;

interface SavedBase {
  userId: number;
  version: number;
  /** [id, units] of the saved lines this device holds */
  lines: [number, number][];
}

/** What the sign-in merge did, for its toast. */
interface SignInSummary {
  /** lines the cart now holds */
  lines: number;
  /** the device had lines of its own */
  fromDevice: boolean;
  /** the account had a saved cart before */
  fromAccount: boolean;
}

export interface CartSyncOptions {
  apiUrl: string;
  userId: number;
  isVip: boolean;
  /** the sign-in toast (the texts come from messages/) */
  onSignInMerge?: (summary: SignInSummary) => void;
  storage?: () => StorageLike | null;
  events?: () => EventTarget | null;
  debounceMs?: number;
}

function defaultStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readBase(storage: StorageLike, userId: number): SavedBase | null {
  try {
    const raw = JSON.parse(storage.getItem(SAVED_CART_KEY) ?? 'null') as SavedBase | null;
    if (!raw || raw.userId !== userId || !Number.isSafeInteger(raw.version) || !Array.isArray(raw.lines)) return null;
    return raw;
  } catch {
    return null;
  }
}

const unitsOf = (items: readonly CartItem[]) => new Map(items.map((i) => [i.id, i.units]));
const flaggedOf = (items: readonly CartItem[]) => new Set(items.filter((i) => !isBuyable(i)).map((i) => i.id));

/**
 * The device's cart after an answer: the saved lines (with the device's pending changes on top), in the saved
 * order, plus the device's own flagged lines and the new lines not written yet. Also the new base: the saved
 * lines this device now holds (a flagged saved line it never had stays on the server, untouched).
 */
function materialize(cart: SavedCart, local: readonly CartItem[], pending: readonly LineUnits[]): { items: CartItem[]; base: [number, number][] } {
  const refused = new Map(cart.rejected.map((r) => [r.id, r.reason]));
  const localById = new Map(local.map((i) => [i.id, i]));
  const pendingById = new Map(pending.map((p) => [p.id, p.units]));
  const items: CartItem[] = [];
  const base: [number, number][] = [];
  const saved = new Set<number>();
  for (const line of cart.lines) {
    saved.add(line.id);
    const own = localById.get(line.id);
    const units = pendingById.get(line.id) ?? line.units;
    if (line.product) {
      base.push([line.id, line.units]);
      if (units > 0) items.push(cartItemFor(line.product, units));
    } else if (own) {
      base.push([line.id, line.units]);
      if (units > 0) items.push({ ...own, units, state: line.state });
    }
  }
  for (const item of local) {
    if (saved.has(item.id)) continue;
    const units = pendingById.get(item.id);
    const reason = refused.get(item.id);
    if (!isBuyable(item)) items.push(item);
    else if (units !== undefined && units > 0) items.push({ ...item, units });
    // refused by the API: kept on the device, flagged as the cart flags what cannot be ordered
    else if (reason !== undefined) items.push(reason === 'full' ? item : { ...item, state: reason === 'noStock' ? 'noStock' : 'hidden' });
    // else: saved once, removed on another device since
  }
  return { items, base };
}

export interface CartSync {
  stop(): void;
  /** the first exchange (the sign-in merge or the read) is over */
  ready: Promise<void>;
}

let active: { stop: () => void } | null = null;

/** Starts following the saved cart for this signed-in user (one at a time; a new start stops the previous). */
export function startCartSync(options: CartSyncOptions): CartSync {
  active?.stop();
  const getStorage = options.storage ?? defaultStorage;
  const events = (options.events ?? (() => (typeof window === 'undefined' ? null : window)))();
  const debounceMs = options.debounceMs ?? SYNC_DEBOUNCE_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;

  const request = (method: 'GET' | 'PUT', body?: CartWrite) =>
    withAccessToken(options.apiUrl, (token) => accountRequest<unknown>(options.apiUrl, apiPaths.cart, { method, body, token }));

  function parse(data: unknown): SavedCart | null {
    const parsed = savedCartSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  }

  function write(storage: StorageLike, items: CartItem[], base: SavedBase) {
    const state = createCartState(items, { isVip: options.isVip, limited: loadCart(storage).limited });
    saveCart(storage, state);
    storage.setItem(SAVED_CART_KEY, JSON.stringify(base));
    announce(state);
  }

  function announce(state: ReturnType<typeof createCartState>) {
    if (!events || typeof CustomEvent === 'undefined') return;
    const totals = selectTotals(state);
    const detail: CartChangeDetail = { source: SOURCE, cartTotal: totals.cartTotal, cartQuantity: totals.cartQuantity };
    for (const name of new Set([CART_CHANGE_EVENT, SHELL_CART_CHANGE_EVENT])) events.dispatchEvent(new CustomEvent(name, { detail }));
  }

  /** Applies an answer unless a newer one (another tab's) was applied already. Returns the changes still to send. */
  function apply(cart: SavedCart, sent: Map<number, number> | null): LineUnits[] {
    const storage = getStorage();
    if (!storage || stopped) return [];
    const stored = readBase(storage, options.userId);
    if (stored && stored.version > cart.version) return [];
    const local = loadCart(storage).items;
    const current = unitsOf(local);
    const flagged = flaggedOf(local);
    // from the base this device held (a read) or from what it sent (a write): the changes made since
    const from = sent ?? new Map(stored?.lines ?? []);
    const { pending } = rebase(new Map(), from, current, flagged);
    const { items, base } = materialize(cart, local, pending);
    write(storage, items, { userId: options.userId, version: cart.version, lines: base });
    return pending;
  }

  async function signIn(storage: StorageLike): Promise<void> {
    // the copy another account left (its session ran out, nobody signed out) is that account's, not ours
    if (storage.getItem(SAVED_CART_KEY) !== null) clearCartStorage(storage);
    const local = loadCart(storage).items;
    const flagged = flaggedOf(local);
    const lines = local.filter((i) => !flagged.has(i.id)).map((i) => ({ id: i.id, units: i.units }));
    const res = await request('PUT', { baseVersion: 0, mode: 'signIn', lines });
    const cart = res.ok ? parse(res.data) : null;
    if (!cart || stopped) throw new Error(`cart sign-in merge: ${res.status}`);
    const sent = new Map(lines.map((l) => [l.id, l.units]));
    const pending = apply(cart, sent);
    // the answer's version is 1 when this write created the saved cart
    const summary: SignInSummary = { lines: cart.lines.length, fromDevice: lines.length > 0, fromAccount: cart.version > 1 };
    if (summary.lines > 0) options.onSignInMerge?.(summary);
    if (pending.length) schedule();
  }

  async function pull(): Promise<void> {
    const res = await request('GET');
    const cart = res.ok ? parse(res.data) : null;
    if (!cart) throw new Error(`cart read: ${res.status}`);
    if (apply(cart, null).length) schedule();
  }

  async function push(storage: StorageLike, base: SavedBase): Promise<void> {
    const local = loadCart(storage).items;
    const sent = unitsOf(local);
    const changes = diffLines(new Map(base.lines), sent, flaggedOf(local));
    if (!changes.length) return;
    const res = await request('PUT', { baseVersion: base.version, mode: 'changes', lines: changes });
    const cart = res.ok ? parse(res.data) : null;
    if (!cart) {
      if (res.status === 0 || res.status >= 500) throw new Error(`cart write: ${res.status}`);
      // refused (a bug or a closed session): start again from what the server holds
      console.warn('cart: the saved cart refused a change', res.status, res.message);
      return pull();
    }
    if (apply(cart, sent).length) schedule();
  }

  type Kind = 'pull' | 'push';
  let queued: Kind | null = null;

  /** One exchange at a time: what is asked meanwhile runs after it (a write outranks a read). */
  function run(kind: Kind): Promise<void> {
    if (running) {
      queued = queued === 'push' || kind === 'push' ? 'push' : 'pull';
      return running;
    }
    const storage = getStorage();
    if (!storage || stopped) return Promise.resolve();
    const base = readBase(storage, options.userId);
    const work = !base ? signIn(storage) : kind === 'pull' ? pull() : push(storage, base);
    running = work
      .catch((error: unknown) => {
        if (stopped) return;
        // offline or the API is down: the device keeps its cart and tries again later
        console.warn('cart: could not reach the saved cart', error);
        clearTimeout(timer);
        timer = setTimeout(() => void run(kind), RETRY_MS);
      })
      .finally(() => {
        running = null;
        const next = queued;
        queued = null;
        if (next && !stopped) void run(next);
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run('push'), debounceMs);
  }

  const onChange = (event: Event) => {
    if ((event as CustomEvent<CartChangeDetail | undefined>).detail?.source === SOURCE) return;
    schedule();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void run('pull');
  };
  events?.addEventListener(CART_CHANGE_EVENT, onChange);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    events?.removeEventListener(CART_CHANGE_EVENT, onChange);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    if (active?.stop === stop) active = null;
  };
  active = { stop };
  return { stop, ready: run('pull') };
}

/**
 * Sign-out: the saved cart stays on the server; this device's copy (and its record of the saved cart) is
 * emptied and the open cart islands follow.
 */
export function clearDeviceCart(storage: StorageLike | null = defaultStorage(), events: EventTarget | null = typeof window === 'undefined' ? null : window): void {
  active?.stop();
  if (!storage) return;
  if (storage.getItem(SAVED_CART_KEY) === null) return; // a guest cart, or already cleared: not the account's
  clearCartStorage(storage);
  storage.removeItem(SAVED_CART_KEY);
  if (!events || typeof CustomEvent === 'undefined') return;
  const detail: CartChangeDetail = { source: SOURCE, cartTotal: 0, cartQuantity: 0 };
  for (const name of new Set([CART_CHANGE_EVENT, SHELL_CART_CHANGE_EVENT])) events.dispatchEvent(new CustomEvent(name, { detail }));
}
