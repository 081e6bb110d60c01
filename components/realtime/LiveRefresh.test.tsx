import { act, render, screen } from '@testing-library/react';
import { RealtimeClient } from '@/lib/socket/client';
import { FakeSocket } from '@/lib/socket/fake-socket';
import { LiveRefresh, REFRESH_DEBOUNCE_MS } from './LiveRefresh';

const refresh = jest.fn();
jest.mock('@/i18n/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh }) }));
let client: RealtimeClient | null = null;
jest.mock('@/lib/socket/useRealtime', () => ({ useRealtime: () => client }));

let socket: FakeSocket;
beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  refresh.mockReset();
  socket = new FakeSocket();
  client = new RealtimeClient('u', 't', () => socket);
  socket.serverEmit('connect');
});
afterEach(() => jest.useRealTimers());

const fire = (event: string, payload?: unknown) =>
  act(() => {
    socket.serverEmit(event, payload);
  });
const settle = () =>
  act(() => {
    jest.advanceTimersByTime(REFRESH_DEBOUNCE_MS + 10);
  });

describe('LiveRefresh', () => {
  it('the board: any order change or customer message refreshes once per burst', () => {
    render(<LiveRefresh labels={{ live: 'En vivo', offline: 'Sin conexión' }} />);
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('En vivo');
    fire('orderChanged', { orderId: 1, kind: 'created', by: 'customer' });
    fire('newMessageCount', { orderId: 2, messageId: 5 });
    fire('orderChanged', { orderId: 3, kind: 'state', by: 'staff' });
    expect(refresh).not.toHaveBeenCalled();
    settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    fire('unrelated', { orderId: 1 });
    settle();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('an order page: only its own order counts, and it joins the order room', () => {
    const { unmount } = render(<LiveRefresh orderId={7} />);
    expect(socket.emitted).toContainEqual({ event: 'joinRoom', args: ['Order-7'] });
    expect(screen.queryByTestId('live-indicator')).toBeNull();
    fire('orderChanged', { orderId: 8, kind: 'state', by: 'staff' });
    settle();
    expect(refresh).not.toHaveBeenCalled();
    fire('orderChanged', { orderId: 7, kind: 'state', by: 'staff' });
    settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    unmount();
    expect(socket.emitted.at(-1)).toEqual({ event: 'leaveRoom', args: ['Order-7'] });
    fire('orderChanged', { orderId: 7, kind: 'state', by: 'staff' });
    settle();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('shows offline on disconnect and catches up after a reconnection', () => {
    render(<LiveRefresh labels={{ live: 'En vivo', offline: 'Sin conexión' }} />);
    socket.connected = false;
    fire('disconnect');
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Sin conexión');
    expect(screen.getByTestId('live-indicator')).toHaveAttribute('data-live', 'false');
    fire('connect');
    settle();
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('En vivo');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('without a session it shows offline and listens to nothing', () => {
    client = null;
    render(<LiveRefresh labels={{ live: 'En vivo', offline: 'Sin conexión' }} />);
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Sin conexión');
  });
});
