/**
 * Module-level emitter for the in-app message system, usable outside React (API helpers, socket
 * handlers). `<MessagesProvider>` (mounted by `<ToastArea />`) subscribes to it.
 *
 * Messages sent before the provider has mounted (e.g. an error during hydration) are queued, at most
 * MAX_PENDING of them, and delivered when it subscribes. On the server this is a no-op: module state
 * there would be shared between requests, and there is nothing to show anyway.
 */
import type { MessageType } from './messages';

interface NotifyRequest {
  type: MessageType;
  message: string;
  seconds?: number;
}

type Listener = (request: NotifyRequest) => void;

export const MAX_PENDING = 5;

const listeners = new Set<Listener>();
let pending: NotifyRequest[] = [];
// Called when a message is queued with nobody listening: the toast area loads its provider then (ToastArea).
const wakers = new Set<() => void>();

/** Shows an in-app message: notify('ERROR', 'Error en la solicitud'), notify('SUCCESS', text, 6). */
export function notify(type: MessageType, message: string, seconds?: number): void {
  if (typeof window === 'undefined') return;
  if (typeof message !== 'string' || message.trim() === '') return;
  const request: NotifyRequest = seconds === undefined ? { type, message } : { type, message, seconds };
  if (listeners.size === 0) {
    pending = [...pending, request].slice(-MAX_PENDING);
    wakers.forEach((wake) => wake());
    return;
  }
  listeners.forEach((listener) => listener(request));
}

/** Subscribes to notify() calls (flushing any queued ones). Returns the unsubscribe function. */
export function subscribeNotify(listener: Listener): () => void {
  listeners.add(listener);
  if (pending.length > 0) {
    const queued = pending;
    pending = [];
    queued.forEach((request) => listener(request));
  }
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Calls `wake` when a message waits for a listener: at once if one is queued already, else at the next
 * notify() that finds none. Lets the provider that shows them load only when there is something to show.
 */
export function onNotifyQueued(wake: () => void): () => void {
  if (pending.length > 0) {
    wake();
    return () => {};
  }
  wakers.add(wake);
  return () => {
    wakers.delete(wake);
  };
}

/** Test helper: forget listeners and queued messages. */
export function resetNotifyEmitter(): void {
  listeners.clear();
  wakers.clear();
  pending = [];
}
