/**
 * Spec §4 "Realtime socket": after the API restarts, a client reconnects by itself (socket.io's
 * reconnection with the storefront's options: websocket, 10 attempts, 500 ms) and, on the new
 * connection, rejoins its stored rooms with `rejoinRooms` — as lib/socket/client.ts does on every
 * `connect` (its room bookkeeping is unit-tested in lib/socket/client.test.ts with a fake socket).
 * Here the server is really stopped and a new instance started on the same port and database.
 *
 * runs alone: another file could take the freed port before the restart (scripts/test-api.mjs).
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, it } from 'node:test';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../app';
import { signedInAppOptions } from './auth-fixtures';
import { createTestContext } from './helpers';
import { api, createCustomer } from './orders-fixtures';
import { ask, bareOrder, nextEvent } from './realtime-fixtures';

// The storefront's socket options (lib/socket/client.ts SOCKET_OPTIONS), repeated here because that
// module is browser code (localStorage) outside the API's type-check.
const SOCKET_OPTIONS = { transports: ['websocket'], reconnectionAttempts: 10, reconnectionDelay: 500 };
const appOptions = signedInAppOptions();

let socket: Socket | undefined;
const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  socket?.close();
  for (const c of cleanups.reverse()) await c();
});

it('tras reiniciar la API el cliente se reconecta solo y vuelve a unirse a sus salas', async () => {
  const ctx = await createTestContext('pglite', appOptions);
  cleanups.push(() => ctx.db.close());
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const customer = await createCustomer(ctx.app, ctx.db.db, { email: 'restart@example.com' });
  const orderId = await bareOrder(ctx.db.db, customer.id);
  const room = `Order-${orderId}`;

  // What lib/socket/client.ts does: remember the room and rejoin it on every connect.
  const stored = new Set<string>();
  const rejoined: string[][] = [];
  socket = io(url, { ...SOCKET_OPTIONS, auth: { token: customer.token }, forceNew: true });
  socket.on('connect', () => {
    if (!stored.size) return;
    void ask<{ ok: boolean; joined: string[] }>(socket!, 'rejoinRooms', [...stored]).then((a) => rejoined.push(a.joined));
  });
  await nextEvent(socket, 'connect', 5000).catch(() => assert.ok(socket!.connected, 'first connection'));
  const joined = await ask<{ ok: boolean }>(socket, 'joinRoom', room);
  assert.equal(joined.ok, true);
  stored.add(room);

  // Stop the API (the socket sees a disconnect) and start a new instance on the same port and data.
  const disconnected = nextEvent(socket, 'disconnect', 5000);
  await ctx.app.close();
  await disconnected;
  const second = await buildApp({ db: ctx.db.db, dataDir: ctx.dataDir, logger: false, ...appOptions });
  cleanups.push(() => second.close());
  await second.listen({ port, host: '127.0.0.1' });

  await nextEvent(socket, 'connect', 10_000);
  await waitUntil(() => rejoined.length > 0, 5000);
  assert.deepEqual(rejoined[0], [room]);

  // The rejoined room works on the new instance: a message posted there reaches the client.
  const staff = await api(second, 'POST', '/auth/login', { body: { email: 'staff@example.com', password: 'tienda-demo' } });
  assert.equal(staff.status, 200);
  const incoming = nextEvent<{ text: string; orderId: number }>(socket, 'newMessage', 5000);
  const sent = await api(second, 'POST', `/api/order/${orderId}/messages`, { token: staff.body.data.token, body: { text: 'Volvimos' } });
  assert.equal(sent.status, 201, sent.raw);
  const message = await incoming;
  assert.equal(message.text, 'Volvimos');
});

async function waitUntil(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
