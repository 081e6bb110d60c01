'use client';

/**
 * <CartProvider> — the cart island (spec §4 Cart). Mount it around the islands that use the cart
 * (product selectors, cart page, checkout, order additions), inside the root SessionProvider; it is
 * kept out of the shell so pages without a cart ship none of its code. Nested providers pass their
 * children through.
 *
 * - Reads localStorage after mount (server HTML carries no cart numbers: no hydration mismatch).
 * - Saves after every change and announces it (`cart:change` / `shop:cart-change` on window).
 * - Follows other tabs through the `storage` event (a `replace`, never saved back).
 * - Asks the API for the current price and state of the restored items (`refresh`): items that became
 *   hidden or ran out of stock stay in the cart, flagged, out of the totals, until removed.
 * - Re-prices when the session's isVip permission changes (`setVip`).
 *
 * Hooks: `useCart()` (whole cart + actions), `useCartLine(id)` (one id's units; re-renders only when
 * they change), and in ./useCartQuantity the selector wiring.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  createCartState,
  selectCartGroups,
  selectFlaggedItems,
  selectTotals,
  selectUnits,
  type CartAction,
  type CartGroupView,
  type CartItem,
  type CartState,
  type CartTotals,
  type StorageLike,
} from '@/lib/cart';
import { isAbortError } from '@/lib/api/abort';
import { useSession } from '@/lib/session/SessionProvider';
import type { LookupFetcher } from './lookup';
import { createCartStore, type CartSnapshot, type CartStore } from './store';

/** A refresh younger than this is not repeated (the cart page asks again on mount). */
const REFRESH_FRESH_MS = 5000;

type RefreshStatus = 'idle' | 'loading' | 'done' | 'error';

interface CartContextValue {
  store: CartStore;
  refresh: (options?: { force?: boolean }) => Promise<void>;
  refreshStatus: RefreshStatus;
}

// The API client (lib/api/public, with the session renewal) loads with the first lookup: the product page
// never asks at mount, so its selectors hydrate without it (issue 25).
const fetchLookup: LookupFetcher = (ids, signal) => import('./lookup').then((m) => m.fetchLookup(ids, signal));

const CartContext = createContext<CartContextValue | null>(null);

export interface CartProviderProps {
  children?: ReactNode;
  /** Injected in tests; defaults to GET api/products/lookup. */
  fetcher?: LookupFetcher;
  /** Injected in tests; defaults to window.localStorage. */
  storage?: () => StorageLike | null;
  /** Ask the API for fresh prices/states of the restored items after mount (default true). */
  refreshOnMount?: boolean;
}

export function CartProvider(props: CartProviderProps) {
  const parent = useContext(CartContext);
  if (parent) return <>{props.children}</>;
  return <RootCartProvider {...props} />;
}

function RootCartProvider({ children, fetcher = fetchLookup, storage, refreshOnMount = true }: CartProviderProps) {
  const [store] = useState(() => createCartStore(storage ? { storage } : {}));
  const { isVip } = useSession();
  const [refreshStatus, setRefreshStatus] = useState<RefreshStatus>('idle');
  const inFlight = useRef<Promise<void> | null>(null);
  const lastDone = useRef(0);
  const abort = useRef<AbortController | null>(null);

  const refresh = useCallback(
    (options: { force?: boolean } = {}): Promise<void> => {
      if (inFlight.current) return inFlight.current;
      if (!options.force && Date.now() - lastDone.current < REFRESH_FRESH_MS) return Promise.resolve();
      const ids = store.getSnapshot().state.items.map((item) => item.id);
      if (ids.length === 0) return Promise.resolve();
      const controller = new AbortController();
      abort.current = controller;
      const run = Promise.resolve()
        .then(() => {
          setRefreshStatus('loading');
          return fetcher(ids, controller.signal);
        })
        .then(
          ({ requestedIds, found }) => {
            if (controller.signal.aborted) return;
            store.dispatch({ type: 'refresh', requestedIds, found });
            lastDone.current = Date.now();
            setRefreshStatus('done');
          },
          (error: unknown) => {
            if (isAbortError(error) || controller.signal.aborted) return;
            // Spec §8: list fetch failures are logged only; the stored cart stays as it is.
            console.warn('cart: could not refresh prices', error);
            setRefreshStatus('error');
          },
        )
        .finally(() => {
          if (inFlight.current === run) inFlight.current = null;
        });
      inFlight.current = run;
      return run;
    },
    [fetcher, store],
  );

  useEffect(() => {
    store.load();
    const stop = store.listen();
    if (refreshOnMount) void refresh({ force: true });
    return () => {
      stop();
      abort.current?.abort();
      inFlight.current = null;
    };
  }, [store, refresh, refreshOnMount]);

  useEffect(() => {
    store.dispatch({ type: 'setVip', isVip });
  }, [store, isVip]);

  const value = useMemo<CartContextValue>(() => ({ store, refresh, refreshStatus }), [store, refresh, refreshStatus]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

// Without a provider, hooks fall back to one shared store bound to localStorage (loaded after mount,
// following other tabs), so a selector placed outside <CartProvider> still fills the real cart. It
// neither asks the API for fresh prices nor follows the session's VIP permission: mount
// <CartProvider> around the island for that.
let sharedStore: CartStore | null = null;
let sharedStop: (() => void) | null = null;
const idleRefresh = () => Promise.resolve();

function sharedContext(): CartContextValue {
  sharedStore ??= createCartStore(typeof window === 'undefined' ? { storage: () => null, events: () => null } : {});
  return { store: sharedStore, refresh: idleRefresh, refreshStatus: 'idle' };
}

function startSharedStore(store: CartStore): void {
  if (store !== sharedStore || typeof window === 'undefined') return;
  if (!store.getSnapshot().ready) store.load();
  sharedStop ??= store.listen();
}

/** Test helper: forget the shared fallback store. */
export function resetSharedCartStore(): void {
  sharedStop?.();
  sharedStop = null;
  sharedStore = null;
}

function useCartContext(): CartContextValue {
  const context = useContext(CartContext);
  const value = context ?? sharedContext();
  const standalone = context === null;
  useEffect(() => {
    if (standalone) startSharedStore(value.store);
  }, [standalone, value.store]);
  return value;
}

// What the server rendered: no cart yet. Used for hydration, whatever the store holds by then.
const SERVER_SNAPSHOT: CartSnapshot = { state: createCartState(), ready: false };
const getServerSnapshot = () => SERVER_SNAPSHOT;

function useSnapshot(store: CartStore): CartSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, getServerSnapshot);
}

export interface UseCartValue {
  state: CartState;
  /** localStorage has been read; before that (server HTML, hydration) show no cart numbers. */
  ready: boolean;
  items: readonly CartItem[];
  groups: CartGroupView[];
  totals: CartTotals;
  flagged: CartItem[];
  refreshStatus: RefreshStatus;
  dispatch: (action: CartAction) => CartState;
  upsert: (item: CartItem) => void;
  remove: (id: number) => void;
  removeParent: (fatherId: number) => void;
  clear: () => void;
  /** Fresh prices and states from the API (deduplicated; skipped when one finished < 5 s ago). */
  refresh: (options?: { force?: boolean }) => Promise<void>;
}

/** The whole cart and its actions. Re-renders on every cart change. */
export function useCart(): UseCartValue {
  const { store, refresh, refreshStatus } = useCartContext();
  const { state, ready } = useSnapshot(store);
  const actions = useMemo(
    () => ({
      dispatch: (action: CartAction) => store.dispatch(action),
      upsert: (item: CartItem) => void store.dispatch({ type: 'upsert', item }),
      remove: (id: number) => void store.dispatch({ type: 'remove', id }),
      removeParent: (fatherId: number) => void store.dispatch({ type: 'removeParent', fatherId }),
      clear: () => void store.dispatch({ type: 'clear' }),
    }),
    [store],
  );
  return useMemo(
    () => ({
      state,
      ready,
      items: state.items,
      groups: selectCartGroups(state),
      totals: selectTotals(state),
      flagged: selectFlaggedItems(state),
      refreshStatus,
      refresh,
      ...actions,
    }),
    [state, ready, refreshStatus, refresh, actions],
  );
}

/** The units held for one id (0 when absent or before the cart is read). Re-renders only when they change. */
export function useCartLine(id: number): number {
  const { store } = useCartContext();
  const get = useCallback(() => selectUnits(store.getSnapshot().state, id), [store, id]);
  return useSyncExternalStore(store.subscribe, get, () => 0);
}

/**
 * One parent product's standing in the cart (for the product page): units across its children,
 * the tier that applies and the next one, or null when none of its children is in the cart.
 */
export function useCartGroup(fatherId: number): CartGroupView | null {
  const { store } = useCartContext();
  const { state } = useSnapshot(store);
  return useMemo(() => selectCartGroups(state).find((g) => g.fatherId === fatherId && g.totalUnits > 0) ?? null, [state, fatherId]);
}

/** For ./useCartQuantity: the store itself (stable), to read and dispatch without re-rendering. */
export function useCartStore(): CartStore {
  return useCartContext().store;
}
