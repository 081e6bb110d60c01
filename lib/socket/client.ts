/**
 * The storefront's realtime connection (spec §4, §7 "Realtime socket"): socket.io-client with the
 * session token, websocket transport, 10 reconnection attempts, 500 ms initial delay. On every connect
 * (the first one and each reconnection) it rejoins the rooms stored in localStorage `rooms`; rooms the
 * server refuses are forgotten. The server ends every socket of an account whose role or password changed
 * ('io server disconnect', which socket.io never retries): the client tries once more with its token, so a
 * still-valid session comes back with its current rights and an ended one is refused.
 *
 * socket.io-client is imported lazily (`getRealtime`), only once a signed-in island asks for it, so
 * anonymous pages ship none of it. One connection per tab, shared by the bell and the order chat;
 * `closeRealtime()` disconnects it (logout).
 */
import { addRoom, clearRooms, readRooms, removeRoom, removeRooms } from './rooms';

export const SOCKET_OPTIONS = {
  transports: ['websocket'],
  reconnectionAttempts: 10,
  reconnectionDelay: 500,
} as const;

export type Listener = (...args: never[]) => void;

/** The part of a socket.io-client Socket this wrapper uses (a fake in tests). */
export interface SocketLike {
  connected: boolean;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener?: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** Wait before reconnecting after the server ended the socket (its role or password changed). */
export const SERVER_DISCONNECT_RETRY_MS = 1000;

/** socket.io-client calls it on every (re)connect: the handshake carries the tab's newest access token. */
type SocketAuth = (cb: (data: { token: string }) => void) => void;
export type SocketFactory = (url: string, options: typeof SOCKET_OPTIONS & { auth: SocketAuth }) => SocketLike;

export type RoomAnswer = { ok: boolean; room?: string; error?: string };
type RejoinAnswer = { ok: boolean; joined?: string[]; refused?: string[] };

export class RealtimeClient {
  readonly socket: SocketLike;
  readonly token: string;

  /**
   * `currentToken` reads the newest access token (it is refreshed every few minutes, ADR 0005): a
   * reconnection must not present the expired one the connection started with.
   */
  constructor(url: string, token: string, factory: SocketFactory, currentToken: () => string | null = () => null) {
    this.token = token;
    this.socket = factory(url, { ...SOCKET_OPTIONS, auth: (cb) => cb({ token: currentToken() ?? token }) });
    this.socket.on('connect', this.rejoin);
    this.socket.on('disconnect', this.onDisconnect);
  }

  private retry: ReturnType<typeof setTimeout> | null = null;

  private onDisconnect = (reason?: string) => {
    if (reason !== 'io server disconnect' || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.socket.connect();
    }, SERVER_DISCONNECT_RETRY_MS);
  };

  private rejoin = () => {
    const rooms = readRooms();
    if (!rooms.length) return;
    this.socket.emit('rejoinRooms', rooms, (answer?: RejoinAnswer) => {
      if (answer?.ok && Array.isArray(answer.refused)) removeRooms(answer.refused);
    });
  };

  /** Joins a room now (when connected) and on every reconnection; a refused room is forgotten. */
  joinRoom(room: string): Promise<RoomAnswer> {
    addRoom(room);
    if (!this.socket.connected) return Promise.resolve({ ok: true, room }); // joined by rejoin on connect
    return new Promise((resolve) => {
      this.socket.emit('joinRoom', room, (answer?: RoomAnswer) => {
        if (!answer?.ok) removeRoom(room);
        resolve(answer ?? { ok: false, room });
      });
    });
  }

  leaveRoom(room: string): void {
    removeRoom(room);
    if (this.socket.connected) this.socket.emit('leaveRoom', room);
  }

  on<A extends unknown[]>(event: string, listener: (...args: A) => void): () => void {
    this.socket.on(event, listener as unknown as Listener);
    return () => {
      this.socket.off(event, listener as unknown as Listener);
    };
  }

  close(): void {
    this.socket.off('connect', this.rejoin);
    this.socket.off('disconnect', this.onDisconnect);
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.socket.disconnect();
  }
}

/* ------------------------------------------------------------ per-tab singleton */

let current: { client: RealtimeClient; url: string; identity: string } | null = null;
let pending: Promise<RealtimeClient> | null = null;
let pendingKey = '';

async function defaultFactory(): Promise<SocketFactory> {
  const { io } = await import('socket.io-client');
  return (url, options) => io(url, { ...options, transports: [...options.transports] }) as unknown as SocketLike;
}

export interface RealtimeIdentity {
  /** who the connection is for (default: the token); a refreshed token of the same user keeps the connection */
  identity?: string;
  /** the newest access token, read on every (re)connect */
  currentToken?: () => string | null;
}

/** The tab's connection for this identity (created on first use; replaced when the identity changes). */
export function getRealtime(url: string, token: string, factory?: SocketFactory, who: RealtimeIdentity = {}): Promise<RealtimeClient> {
  const identity = who.identity ?? token;
  if (current && current.identity === identity && current.url === url) return Promise.resolve(current.client);
  const key = `${url} ${identity}`;
  if (pending && pendingKey === key) return pending;
  pendingKey = key;
  pending = (async () => {
    const make = factory ?? (await defaultFactory());
    if (pendingKey !== key) throw new Error('realtime: superseded');
    current?.client.close();
    const client = new RealtimeClient(url, token, make, who.currentToken);
    current = { client, url, identity };
    pending = null;
    return client;
  })();
  return pending;
}

/** Disconnects the tab's connection (logout); `forgetRooms` also clears the stored rooms. */
export function closeRealtime(options: { forgetRooms?: boolean } = {}): void {
  pendingKey = '';
  pending = null;
  current?.client.close();
  current = null;
  if (options.forgetRooms) clearRooms();
}
