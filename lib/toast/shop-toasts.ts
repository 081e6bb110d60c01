/**
 * Second toast system (spec §4 "quantity and shop messages"): state for the Radix toasts.
 *
 * A pure reducer plus a small module-level store (read by useToast() through useSyncExternalStore).
 * One toast at a time: a new one replaces the current. A dismissed toast stays in the state (closed)
 * for TOAST_REMOVE_DELAY, like shadcn's use-toast, so its exit animation can run; the list is capped at
 * TOAST_LIMIT and the removal timer of a replaced toast is cleared, so nothing accumulates.
 */
import type { ReactNode } from 'react';
import { signalShopToast } from './shop-toast-signal';

export type ToastVariant = 'default' | 'destructive' | 'warning' | 'success' | 'error';

const TOAST_VARIANTS: readonly ToastVariant[] = ['default', 'destructive', 'warning', 'success', 'error'];

/** Spec §9: 5 s, swipe 50 px to the right, hotkey F8, one at a time, removal ~1,000,000 ms after dismissal. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself (default 5000). */
  duration?: number;
}

export interface ShopToast {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant: ToastVariant;
  duration?: number;
  open: boolean;
}

export type ShopToastState = readonly ShopToast[];

export type ShopToastAction =
  | { type: 'ADD_TOAST'; toast: ShopToast }
  | { type: 'DISMISS_TOAST'; id?: string }
  | { type: 'REMOVE_TOAST'; id?: string };

export function shopToastReducer(state: ShopToastState, action: ShopToastAction): ShopToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return [action.toast, ...state.filter((t) => t.id !== action.toast.id)].slice(0, TOAST_LIMIT);
    case 'DISMISS_TOAST':
      if (!state.some((t) => t.open && (action.id === undefined || t.id === action.id))) return state;
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'REMOVE_TOAST':
      if (action.id === undefined) return state.length === 0 ? state : [];
      return state.some((t) => t.id === action.id) ? state.filter((t) => t.id !== action.id) : state;
    default:
      return state;
  }
}

export function normalizeVariant(variant: unknown): ToastVariant {
  return TOAST_VARIANTS.includes(variant as ToastVariant) ? (variant as ToastVariant) : 'default';
}

// ---- module-level store -------------------------------------------------------------------------

const EMPTY: ShopToastState = [];
let state: ShopToastState = EMPTY;
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function clearRemoval(id: string) {
  const timer = removalTimers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    removalTimers.delete(id);
  }
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function dispatch(action: ShopToastAction) {
  const next = shopToastReducer(state, action);
  if (action.type === 'DISMISS_TOAST') next.forEach((t) => !t.open && scheduleRemoval(t.id));
  // Never keep a removal timer for a toast that is no longer in the list (replaced or removed).
  for (const id of [...removalTimers.keys()]) if (!next.some((t) => t.id === id)) clearRemoval(id);
  if (next === state) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export function subscribeShopToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getShopToasts(): ShopToastState {
  return state;
}

export function getServerShopToasts(): ShopToastState {
  return EMPTY;
}

/** Closes one toast by id, or every toast. It is removed from the state TOAST_REMOVE_DELAY_MS later. */
export function dismissToast(id?: string): void {
  dispatch({ type: 'DISMISS_TOAST', id });
}

/**
 * Shows a toast, replacing the current one. Usable outside React. Returns its id and a dismiss function.
 * toast({ title: '3 × Sahumerio de lavanda', description: 'Agregado al carrito', variant: 'success' })
 */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  const id = `t${++counter}`;
  const dismiss = () => dismissToast(id);
  if (typeof window === 'undefined') return { id, dismiss };
  const duration =
    typeof options.duration === 'number' && Number.isFinite(options.duration) && options.duration > 0
      ? options.duration
      : undefined;
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      id,
      title: options.title,
      description: options.description,
      variant: normalizeVariant(options.variant),
      ...(duration !== undefined ? { duration } : {}),
      open: true,
    },
  });
  signalShopToast();
  return { id, dismiss };
}

/** Test helper: empty the store and clear its timers. */
export function resetShopToasts(): void {
  for (const id of [...removalTimers.keys()]) clearRemoval(id);
  state = EMPTY;
  listeners.forEach((listener) => listener());
}

/** Test helper: number of pending removal timers (must never exceed TOAST_LIMIT). */
export function pendingRemovalCount(): number {
  return removalTimers.size;
}
