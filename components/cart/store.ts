/**
 * The cart store behind <CartProvider>: lib/cart's reducer held in a tiny external store, so that a
 * dispatch is synchronous (the new state is known at once, saved at once, announced at once) and React
 * reads it through useSyncExternalStore.
 *
 * - Not `ready` until `load()` has read localStorage (the provider calls it after mount): the server
 *   HTML and the first client render show no cart numbers, so hydration never mismatches.
 * - Every local change is saved to localStorage (the spec §9 keys) and announced in this tab with
 *   window events (`cart:change` and the shell's `shop:cart-change`): the `storage` event only reaches
 *   OTHER tabs.
 * - Changes coming from elsewhere (another tab's `storage` event, another store in this tab) are
 *   applied with a `replace` and never saved back, so tabs cannot ping-pong.
 *
 * Framework-free (no React) and injectable (storage, event target) for the tests.
 */
import {
  cartReducer,
  createCartState,
  isCartStorageKey,
  loadCart,
  saveCart,
  selectTotals,
  type CartAction,
  type CartState,
  type StorageLike,
} from '@/lib/cart';
import { CART_CHANGE_EVENT as SHELL_CART_CHANGE_EVENT } from '@/components/layout/cart-summary';

/** Window event dispatched after every save in this tab (detail: CartChangeDetail). */
export const CART_CHANGE_EVENT = 'cart:change';
/** Every event name announced after a save: ours, and the one the shell's CartLink listens to. */
const CART_CHANGE_EVENTS: readonly string[] = [...new Set([CART_CHANGE_EVENT, SHELL_CART_CHANGE_EVENT])];

export interface CartChangeDetail {
  /** The store that saved (a store ignores its own announcements). */
  source: string;
  /** Pesos, as stored under `cartTotal`. */
  cartTotal: number;
  /** Units, as stored under `cartQuantity`. */
  cartQuantity: number;
}

export interface CartSnapshot {
  state: CartState;
  /** localStorage has been read (false on the server and during hydration). */
  ready: boolean;
}

export interface CartStoreOptions {
  /** The storage to use; null when unavailable (server, privacy mode). Defaults to window.localStorage. */
  storage?: () => StorageLike | null;
  /** Where the change events go. Defaults to window. */
  events?: () => EventTarget | null;
  isVip?: boolean;
}

export interface CartStore {
  getSnapshot(): CartSnapshot;
  subscribe(listener: () => void): () => void;
  /** Applies an action; a change made after `load()` is saved and announced. Returns the new state. */
  dispatch(action: CartAction): CartState;
  /** Reads localStorage into the store (once; later calls re-read). Marks it ready. */
  load(): void;
  /** Re-reads localStorage after a change made elsewhere; never saves. */
  syncFromStorage(): void;
  /** Starts listening for changes from other tabs and other stores of this tab. Returns the stop function. */
  listen(): () => void;
  readonly id: string;
}

let storeCounter = 0;

function defaultStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // access denied (sandboxed frame, privacy settings)
  }
}

function defaultEvents(): EventTarget | null {
  return typeof window === 'undefined' ? null : window;
}

export function createCartStore(options: CartStoreOptions = {}): CartStore {
  const getStorage = options.storage ?? defaultStorage;
  const getEvents = options.events ?? defaultEvents;
  const id = `cart-${++storeCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const listeners = new Set<() => void>();
  let snapshot: CartSnapshot = { state: createCartState([], { isVip: options.isVip ?? false }), ready: false };

  function emit() {
    listeners.forEach((listener) => listener());
  }

  function set(state: CartState, ready: boolean) {
    if (state === snapshot.state && ready === snapshot.ready) return;
    snapshot = { state, ready };
    emit();
  }

  function announce(state: CartState) {
    const target = getEvents();
    if (!target || typeof CustomEvent === 'undefined') return;
    const totals = selectTotals(state);
    const detail: CartChangeDetail = { source: id, cartTotal: totals.cartTotal, cartQuantity: totals.cartQuantity };
    for (const name of CART_CHANGE_EVENTS) target.dispatchEvent(new CustomEvent<CartChangeDetail>(name, { detail }));
  }

  function persist(state: CartState) {
    const storage = getStorage();
    if (storage) saveCart(storage, state);
    announce(state);
  }

  function readStored(): CartState {
    const storage = getStorage();
    const stored = storage ? loadCart(storage) : { items: [], limited: false };
    return cartReducer(snapshot.state, { type: 'replace', items: stored.items, limited: stored.limited });
  }

  const store: CartStore = {
    id,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch(action) {
      // A change requested before the mount effect ran must not overwrite the stored cart with an empty one.
      if (!snapshot.ready && action.type !== 'setVip') store.load();
      const next = cartReducer(snapshot.state, action);
      if (next === snapshot.state) return next;
      set(next, snapshot.ready);
      if (snapshot.ready) persist(next);
      return next;
    },
    load() {
      set(readStored(), true);
    },
    syncFromStorage() {
      if (!snapshot.ready) return; // load() will read it anyway
      set(readStored(), true);
    },
    listen() {
      const target = getEvents();
      if (!target) return () => {};
      const onStorage = (event: Event) => {
        const e = event as StorageEvent;
        // Only the cart keys of our own storage (sessionStorage changes also fire `storage`).
        if (!isCartStorageKey(e.key ?? null)) return;
        const storage = getStorage();
        if (e.storageArea && storage && e.storageArea !== storage) return;
        store.syncFromStorage();
      };
      const onChange = (event: Event) => {
        const detail = (event as CustomEvent<CartChangeDetail | undefined>).detail;
        if (detail?.source === id) return;
        store.syncFromStorage();
      };
      target.addEventListener('storage', onStorage);
      target.addEventListener(CART_CHANGE_EVENT, onChange);
      return () => {
        target.removeEventListener('storage', onStorage);
        target.removeEventListener(CART_CHANGE_EVENT, onChange);
      };
    },
  };
  return store;
}
