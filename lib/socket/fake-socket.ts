/**
 * A fake socket.io client socket for tests of the realtime wrapper and the islands using it: records
 * emits, answers acks through `acks`, and lets a test fire server events with `serverEmit`.
 */
import type { Listener, SocketLike } from './client';

export class FakeSocket implements SocketLike {
  connected = false;
  disconnected = 0;
  connects = 0;
  emitted: { event: string; args: unknown[] }[] = [];
  /** answers of acknowledged emits, by event name */
  acks: Record<string, (...args: unknown[]) => unknown> = {};
  private listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener?: Listener) {
    if (!listener) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as (answer: unknown) => void) : null;
    const payload = ack ? args.slice(0, -1) : args;
    this.emitted.push({ event, args: payload });
    if (ack && this.acks[event]) ack(this.acks[event](...payload));
    return this;
  }

  connect() {
    this.connects += 1;
    return this;
  }

  disconnect() {
    this.connected = false;
    this.disconnected += 1;
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** Fires a server event (or 'connect') at the listeners. */
  serverEmit(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    for (const l of [...(this.listeners.get(event) ?? [])]) (l as (...a: unknown[]) => void)(...args);
  }
}
