/* eslint-disable @typescript-eslint/no-explicit-any -- socket payloads are JSON read loosely */
/**
 * Fixtures of the realtime / messages / notifications tests: socket.io clients against a listening app,
 * event waiting with timeouts, and a bare order row for a customer.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import type { TestContext } from './helpers';
import { createCustomer, signedInUser } from './orders-fixtures';

/** Two customers (`<prefix>-a@`, `<prefix>-b@example.com`) and an order employee, signed in: the chat and socket suites' cast. */
export async function twoCustomersAndStaff(app: FastifyInstance, db: Db, prefix: string, staffName?: string) {
  const a = await createCustomer(app, db, { email: `${prefix}-a@example.com` });
  const b = await createCustomer(app, db, { email: `${prefix}-b@example.com` });
  const { token: staff } = await signedInUser(app, db, `${prefix}-staff@example.com`, 'orderemployee', staffName);
  return { a, b, staff };
}

/** Makes the app listen on a free loopback port; returns its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * For the suite it is called in: the app listens before the tests (read its URL with the getter, inside
 * tests), and every socket opened is closed after each test and at the end.
 */
export function listening(ctx: () => TestContext): () => string {
  let url = '';
  before(async () => {
    url = await listen(ctx().app);
  });
  afterEach(() => closeAll());
  after(() => closeAll());
  return () => url;
}

const openSockets = new Set<Socket>();

/** A connected client, or a rejection with the server's connect_error message. */
export function connect(url: string, token: string | undefined | null): Promise<Socket> {
  const socket = connectClient(url, {
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  openSockets.add(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export function closeAll(): void {
  for (const s of openSockets) s.close();
  openSockets.clear();
}

/** The next `event` on `socket` (matching `filter`), or a rejection after `ms`. */
export function nextEvent<T = any>(socket: Socket, event: string, ms = 3000, filter: (p: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`sin evento ${event} en ${ms} ms`));
    }, ms);
    const on = (payload: T) => {
      if (!filter(payload)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(payload);
    };
    socket.on(event, on);
  });
}

/** Resolves true when NO `event` arrives within `ms`. */
export function silence(socket: Socket, event: string, ms = 300): Promise<boolean> {
  return new Promise((resolve) => {
    let got = false;
    const on = () => (got = true);
    socket.on(event, on);
    setTimeout(() => {
      socket.off(event, on);
      resolve(!got);
    }, ms);
  });
}

/**
 * Asserts the socket hears neither the staff's message count nor a message of order `orderId`: it is out of
 * the Staff room and out of that order's (`why` says which room, for the failure).
 */
export async function assertOutOfRooms(app: FastifyInstance, socket: Socket, orderId: number, why: { staff: string; order: string }): Promise<void> {
  const quietStaff = silence(socket, 'newMessageCount', 300);
  const quietOrder = silence(socket, 'newMessage', 300);
  app.realtime.emitToStaff('newMessageCount', { orderId });
  app.realtime.emitToOrder(orderId, 'newMessage', { text: 'no debe llegar' });
  assert.equal(await quietStaff, true, why.staff);
  assert.equal(await quietOrder, true, why.order);
}

/** emitWithAck with a timeout. */
export function ask<T = any>(socket: Socket, event: string, ...args: unknown[]): Promise<T> {
  return socket.timeout(3000).emitWithAck(event, ...args) as Promise<T>;
}

/** A bare order of `userId` (state received, no items): enough for chat and room tests. */
export async function bareOrder(db: Db, userId: number, state: typeof orders.$inferSelect.state = 'received'): Promise<number> {
  const [row] = await db.insert(orders).values({ userId, state }).returning({ id: orders.id });
  return row!.id;
}
