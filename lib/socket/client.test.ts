import { closeRealtime, getRealtime, RealtimeClient, SERVER_DISCONNECT_RETRY_MS, SOCKET_OPTIONS, type SocketFactory } from './client';
import { FakeSocket } from './fake-socket';
import { addRoom, clearRooms, readRooms, ROOMS_KEY } from './rooms';

function factoryOf(socket: FakeSocket) {
  const calls: { url: string; options: unknown }[] = [];
  const factory: SocketFactory = (url, options) => {
    calls.push({ url, options });
    return socket;
  };
  return { factory, calls };
}

beforeEach(() => {
  localStorage.clear();
  closeRealtime();
});

describe('stored rooms (localStorage "rooms")', () => {
  it('reads only valid room names, without duplicates; garbage reads as none', () => {
    localStorage.setItem(ROOMS_KEY, JSON.stringify(['Order-1', 'Order-1', 'User-2', 'x', 5, '<script>', 'Order-0']));
    expect(readRooms()).toEqual(['Order-1', 'User-2']);
    localStorage.setItem(ROOMS_KEY, '{nope');
    expect(readRooms()).toEqual([]);
    addRoom('nope');
    expect(readRooms()).toEqual([]);
  });

  it('keeps at most 50 rooms, newest last', () => {
    for (let i = 1; i <= 55; i += 1) addRoom(`Order-${i}`);
    const rooms = readRooms();
    expect(rooms).toHaveLength(50);
    expect(rooms[0]).toBe('Order-6');
    expect(rooms[49]).toBe('Order-55');
    clearRooms();
    expect(localStorage.getItem(ROOMS_KEY)).toBeNull();
  });
});

describe('RealtimeClient', () => {
  it('connects with the token, websocket only, 10 attempts, 500 ms delay', () => {
    const socket = new FakeSocket();
    const { factory, calls } = factoryOf(socket);
    let newest: string | null = null;
    new RealtimeClient('http://api.test', 'tok', factory, () => newest);
    expect(calls).toEqual([{ url: 'http://api.test', options: { ...SOCKET_OPTIONS, auth: expect.any(Function) } }]);
    // every (re)connect presents the newest access token (refreshed every few minutes), else the first one
    const auth = (calls[0]!.options as { auth: (cb: (d: { token: string }) => void) => void }).auth;
    const seen: string[] = [];
    auth((d) => seen.push(d.token));
    newest = 'tok-2';
    auth((d) => seen.push(d.token));
    expect(seen).toEqual(['tok', 'tok-2']);
    expect(SOCKET_OPTIONS).toEqual({ transports: ['websocket'], reconnectionAttempts: 10, reconnectionDelay: 500 });
  });

  it('rejoins the stored rooms on connect and on every reconnection, forgetting refused ones', () => {
    localStorage.setItem(ROOMS_KEY, JSON.stringify(['Order-1', 'Order-2']));
    const socket = new FakeSocket();
    socket.acks.rejoinRooms = (rooms) => ({ ok: true, joined: ['Order-1'], refused: (rooms as string[]).filter((r) => r !== 'Order-1') });
    new RealtimeClient('u', 't', factoryOf(socket).factory);
    expect(socket.emitted).toEqual([]);
    socket.serverEmit('connect');
    expect(socket.emitted).toEqual([{ event: 'rejoinRooms', args: [['Order-1', 'Order-2']] }]);
    expect(readRooms()).toEqual(['Order-1']);
    socket.connected = false;
    socket.serverEmit('connect'); // reconnection
    expect(socket.emitted[1]).toEqual({ event: 'rejoinRooms', args: [['Order-1']] });
  });

  it('does not emit rejoinRooms when no room is stored', () => {
    const socket = new FakeSocket();
    new RealtimeClient('u', 't', factoryOf(socket).factory);
    socket.serverEmit('connect');
    expect(socket.emitted).toEqual([]);
  });

  it('joinRoom stores the room; emits now when connected; a refusal removes it', async () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient('u', 't', factoryOf(socket).factory);
    // offline: stored, joined later by the rejoin on connect
    await expect(client.joinRoom('Order-7')).resolves.toEqual({ ok: true, room: 'Order-7' });
    expect(socket.emitted).toEqual([]);
    expect(readRooms()).toEqual(['Order-7']);

    socket.connected = true;
    socket.acks.joinRoom = (room) => (room === 'Order-8' ? { ok: true, room } : { ok: false, room, error: 'No tienes los permisos necesarios' });
    await expect(client.joinRoom('Order-8')).resolves.toEqual({ ok: true, room: 'Order-8' });
    await expect(client.joinRoom('Order-9')).resolves.toMatchObject({ ok: false });
    expect(readRooms()).toEqual(['Order-7', 'Order-8']);

    client.leaveRoom('Order-8');
    expect(readRooms()).toEqual(['Order-7']);
    expect(socket.emitted.at(-1)).toEqual({ event: 'leaveRoom', args: ['Order-8'] });
  });

  it('on() returns an unsubscribe; close() disconnects and stops rejoining', () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient('u', 't', factoryOf(socket).factory);
    const seen: unknown[] = [];
    const off = client.on('newMessageCount', (p: unknown) => seen.push(p));
    socket.serverEmit('newMessageCount', { orderId: 1 });
    off();
    socket.serverEmit('newMessageCount', { orderId: 2 });
    expect(seen).toEqual([{ orderId: 1 }]);
    client.close();
    expect(socket.disconnected).toBe(1);
    expect(socket.listenerCount('connect')).toBe(0);
  });
});

describe('server-ended sockets (role or password changed)', () => {
  afterEach(() => jest.useRealTimers());

  it("reconnects once with its token after 'io server disconnect'; never after its own close()", () => {
    jest.useFakeTimers();
    const socket = new FakeSocket();
    const client = new RealtimeClient('u', 't', factoryOf(socket).factory);
    socket.serverEmit('disconnect', 'transport close'); // socket.io's own reconnection handles these
    socket.serverEmit('disconnect', 'io server disconnect');
    socket.serverEmit('disconnect', 'io server disconnect');
    jest.advanceTimersByTime(SERVER_DISCONNECT_RETRY_MS);
    expect(socket.connects).toBe(1);
    socket.serverEmit('disconnect', 'io server disconnect');
    client.close();
    jest.advanceTimersByTime(SERVER_DISCONNECT_RETRY_MS);
    expect(socket.connects).toBe(1);
    expect(socket.listenerCount('disconnect')).toBe(0);
  });
});

describe('getRealtime / closeRealtime (one connection per tab)', () => {
  it('reuses the connection for the same token and replaces it when the token changes', async () => {
    const first = new FakeSocket();
    const second = new FakeSocket();
    const a = await getRealtime('u', 't1', factoryOf(first).factory);
    expect(await getRealtime('u', 't1', factoryOf(second).factory)).toBe(a);
    const b = await getRealtime('u', 't2', factoryOf(second).factory);
    expect(b).not.toBe(a);
    expect(first.disconnected).toBe(1);
    addRoom('Order-3');
    closeRealtime({ forgetRooms: true });
    expect(second.disconnected).toBe(1);
    expect(readRooms()).toEqual([]);
  });
});
