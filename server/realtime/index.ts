/**
 * Realtime (spec §4 "Realtime socket", §7 "Realtime socket"): socket.io 4 on the API's own HTTP server.
 *
 * - websocket transport only; CORS = the API's allowed origins.
 * - Authentication in `io.use`: the session token in `socket.handshake.auth.token`, checked exactly like
 *   a Bearer token (signature, expiry, user still exists, password fingerprint). Refused otherwise
 *   (`connect_error` with the Spanish 401 message). The socket is dropped when its token expires.
 * - Rooms: `User-{id}` (joined automatically), `Staff` (joined automatically by staff allowed to read
 *   orders), `Order-{id}` (via joinRoom / rejoinRooms: the order's customer or staff only). Refusals are
 *   acknowledged `{ ok: false, error }` and never joined.
 * - What a socket may do is never taken from connect time alone: every joinRoom / rejoinRooms reads the
 *   user again from the database (a session whose password changed or whose user is gone is disconnected;
 *   a role that lost `orders:read` leaves `Staff`), and a password or role change
 *   (`app.auth.accountChanged`) disconnects all the user's sockets through `User-{id}` — with the Redis
 *   adapter on every instance.
 * - Several API instances: with `redisUrl` (REDIS_URL) the @socket.io/redis-adapter relays emits through
 *   Redis (two node-redis clients), so an emit on instance A reaches sockets connected to instance B.
 *   Redis hanging or down degrades to this instance's sockets only (emits are fire-and-forget, each publish
 *   bounded by REDIS_COMMAND_TIMEOUT_MS, logged once per outage); the API starts without waiting for it.
 * - `app.realtime.emitToUser / emitToOrder / emitToStaff`; what goes out on an order or chat change is
 *   decided by the domain-event listener in board-events.ts (wired in server/events/subscribers.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import type { AuthUser } from '../auth/plugin';
import { passwordFingerprint } from '../auth/jwt';
import { findUserById, isStaffRole } from '../auth/users';
import { DEFAULT_TIMEOUTS } from '../env';
import { MESSAGES } from '../errors';
import { closeRedis, connectBounded, createRedis, OutageLog, withHandledRejections, type Redis, type RedisTimeouts } from '../lib/redis';
import { orderAccess } from '../services/orders';

const STAFF_ROOM = 'Staff';
const userRoom = (userId: number) => `User-${userId}`;
const orderRoom = (orderId: number) => `Order-${orderId}`;
/** Most rooms a single rejoinRooms call may ask for. */
const MAX_REJOIN_ROOMS = 50;

export interface RealtimeOptions {
  corsOrigins?: string[];
  /** Redis URL for the multi-instance adapter (default: REDIS_URL); null/empty = in-memory adapter */
  redisUrl?: string | null;
  /** Redis deadlines (default DEFAULT_TIMEOUTS; server/env.ts) */
  timeouts?: Partial<RedisTimeouts>;
}

interface Realtime {
  io: Server;
  emitToUser(userId: number, event: string, payload?: unknown): void;
  emitToOrder(orderId: number, event: string, payload?: unknown): void;
  emitToStaff(event: string, payload?: unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

type RoomAnswer = { ok: true; room: string } | { ok: false; room: string; error: string };
type RejoinAnswer = { ok: true; joined: string[]; refused: string[] };
type Ack<T> = ((answer: T) => void) | undefined;

interface SocketData {
  user: AuthUser;
  /** the password fingerprint of the token that opened the socket */
  pwd: string;
}

/** Staff who may read every order (the same rule as GET /api/order/:id). */
export function canReadAllOrders(user: Pick<AuthUser, 'role' | 'permissions'>): boolean {
  return isStaffRole(user.role) && user.permissions.includes('orders:read');
}

/** Whether `user` may be in `room`. */
async function mayJoin(app: FastifyInstance, user: AuthUser, room: unknown): Promise<boolean> {
  if (typeof room !== 'string' || room.length > 40) return false;
  const m = /^(User|Order)-([1-9][0-9]{0,9})$/.exec(room);
  if (!m) return false;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return false;
  if (m[1] === 'User') return id === user.id;
  if (canReadAllOrders(user)) return true;
  const access = await orderAccess(app.db, id);
  return access !== null && access.userId === user.id;
}

export default fp<RealtimeOptions>(
  async (app, opts) => {
    const io = new Server(app.server, {
      cors: { origin: opts.corsOrigins ?? ['http://localhost:3000'], credentials: true },
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: 64 * 1024,
    });

    const redisUrl = opts.redisUrl === undefined ? process.env.REDIS_URL?.trim() || null : opts.redisUrl;
    let redisClients: Redis[] = [];
    const t = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
    if (redisUrl) {
      const outage = new OutageLog(app.log, 'tiempo real');
      const pub = createRedis(redisUrl, t, outage);
      const sub = createRedis(redisUrl, t, outage);
      await connectBounded([pub, sub], t, outage);
      redisClients = [pub, sub];
      // the adapter publishes and subscribes without awaiting: a rejection (deadline, offline) must not end the process
      io.adapter(createAdapter(withHandledRejections(pub, outage), withHandledRejections(sub, outage)));
    }

    io.use(async (socket, next) => {
      try {
        const raw: unknown = socket.handshake.auth?.token;
        const token = typeof raw === 'string' ? raw.replace(/^Bearer\s+/i, '').trim() : '';
        if (!token || token.length > 4096) return next(new Error(MESSAGES.sessionExpired));
        const claims = await app.auth.tokens.verifySession(token);
        if (!claims) return next(new Error(MESSAGES.sessionExpired));
        const row = await findUserById(app.db, claims.userId);
        if (!row || passwordFingerprint(row.passwordHash) !== claims.pwd) return next(new Error(MESSAGES.sessionExpired));
        (socket.data as SocketData).user = await app.auth.toAuthUser(row);
        (socket.data as SocketData).pwd = claims.pwd;
        // drop the socket when its session ends (setTimeout is capped at ~24.8 days)
        const ms = Math.min(claims.exp * 1000 - Date.now(), 2_147_483_647);
        const timer = setTimeout(() => socket.disconnect(true), Math.max(ms, 0));
        timer.unref();
        socket.once('disconnect', () => clearTimeout(timer));
        next();
      } catch (err) {
        app.log.error({ err }, 'realtime auth');
        next(new Error(MESSAGES.server));
      }
    });

    // A password or role change ends the user's sockets everywhere (the adapter relays it to every instance);
    // the storefront reconnects with its current token, so a still-valid session comes back with fresh rights.
    app.auth.onAccountChange((userId) => {
      io.in(userRoom(userId)).disconnectSockets(true);
    });

    io.on('connection', (socket: Socket) => {
      const data = socket.data as SocketData;
      const userId = data.user.id;
      void socket.join(userRoom(userId));
      if (canReadAllOrders(data.user)) void socket.join(STAFF_ROOM);

      /** The socket's user as the database says now; null (and the socket dropped) once its session ended. */
      const currentUser = async (): Promise<AuthUser | null> => {
        const row = await findUserById(app.db, userId);
        if (!row || passwordFingerprint(row.passwordHash) !== data.pwd) {
          socket.disconnect(true);
          return null;
        }
        const user = await app.auth.toAuthUser(row);
        const wasStaff = canReadAllOrders(data.user);
        data.user = user;
        if (wasStaff && !canReadAllOrders(user)) {
          // lost the staff rights behind the socket's back: out of Staff and of every order room not its own
          await socket.leave(STAFF_ROOM);
          for (const room of [...socket.rooms]) {
            if (room.startsWith('Order-') && !(await mayJoin(app, user, room))) await socket.leave(room);
          }
        }
        return user;
      };

      const tryJoin = async (room: unknown, user: AuthUser): Promise<RoomAnswer> => {
        const name = typeof room === 'string' ? room : String(room);
        if (!(await mayJoin(app, user, room))) return { ok: false, room: name.slice(0, 40), error: MESSAGES.forbidden };
        await socket.join(name);
        return { ok: true, room: name };
      };
      const answer = <T>(ack: Ack<T>, value: T) => {
        if (typeof ack === 'function') ack(value);
      };

      socket.on('joinRoom', async (room: unknown, ack: Ack<RoomAnswer>) => {
        const refused = (error: string) => ({ ok: false as const, room: '', error });
        try {
          const user = await currentUser();
          answer(ack, user ? await tryJoin(room, user) : refused(MESSAGES.sessionExpired));
        } catch {
          answer(ack, refused(MESSAGES.server));
        }
      });
      socket.on('leaveRoom', async (room: unknown, ack: Ack<RoomAnswer>) => {
        const name = typeof room === 'string' ? room : '';
        // the automatic rooms stay: leaving them would silence the user's notifications
        if (!name || name === userRoom(userId) || name === STAFF_ROOM) {
          answer(ack, { ok: false, room: name, error: MESSAGES.badParams });
          return;
        }
        await socket.leave(name);
        answer(ack, { ok: true, room: name });
      });
      socket.on('rejoinRooms', async (rooms: unknown, ack: Ack<RejoinAnswer | RoomAnswer>) => {
        if (!Array.isArray(rooms) || rooms.length > MAX_REJOIN_ROOMS) {
          answer(ack, { ok: false, room: '', error: MESSAGES.badParams });
          return;
        }
        const user = await currentUser().catch(() => null);
        if (!user) {
          answer(ack, { ok: false, room: '', error: MESSAGES.sessionExpired });
          return;
        }
        const joined: string[] = [];
        const refused: string[] = [];
        for (const room of new Set(rooms)) {
          const r = await tryJoin(room, user).catch(() => ({ ok: false as const, room: String(room).slice(0, 40), error: MESSAGES.server }));
          (r.ok ? joined : refused).push(r.room);
        }
        answer(ack, { ok: true, joined, refused });
      });
    });

    const realtime: Realtime = {
      io,
      emitToUser: (userId, event, payload) => void io.to(userRoom(userId)).emit(event, payload),
      emitToOrder: (orderId, event, payload) => void io.to(orderRoom(orderId)).emit(event, payload),
      emitToStaff: (event, payload) => void io.to(STAFF_ROOM).emit(event, payload),
    };
    app.decorate('realtime', realtime);

    // Upgraded websockets would keep server.close() waiting: close this instance's connections first.
    // Closing the transports (not a socket.io DISCONNECT, which tells clients not to come back) lets
    // browsers reconnect by themselves to the next instance and rejoin their rooms.
    app.addHook('preClose', async () => {
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
      await closeRedis(redisClients, t);
    });
  },
  { name: 'realtime', dependencies: ['auth', 'db'] },
);
