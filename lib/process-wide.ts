/**
 * Next evaluates a module once per bundle (instrumentation, pages, route handlers): separate instances in one
 * server process. What must exist once per process — a cache, a circuit breaker, a token, a request listener —
 * lives on globalThis under a `Symbol.for` key, made on first use.
 */
import diagnostics from 'node:diagnostics_channel';
import type http from 'node:http';
import type { Socket } from 'node:net';

export function processWide<T>(name: string, create: () => T): T {
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`aromas.${name}`);
  return (holder[key] ??= create());
}

export interface RequestStart {
  request?: http.IncomingMessage;
  response?: http.ServerResponse;
  socket?: Socket;
}

/**
 * Calls `listener` as each HTTP request of this process starts (Node's `http.server.request.start` diagnostics
 * channel), in the request's own async context. Once per process and `name`: false when already installed.
 */
export function onEveryRequestStart(name: string, listener: (start: RequestStart) => void): boolean {
  const installed = processWide(`${name}.installed`, () => ({ done: false }));
  if (installed.done) return false;
  diagnostics.subscribe('http.server.request.start', (message) => listener(message as RequestStart));
  installed.done = true;
  return true;
}
