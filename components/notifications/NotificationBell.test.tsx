import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import notifications from '@/messages/es/notifications.json';
import { mockFetch } from '@/components/account/test-utils';
import { RealtimeClient } from '@/lib/socket/client';
import { FakeSocket } from '@/lib/socket/fake-socket';
import { FreshReads } from '@/lib/api/swr-test-utils';
import { NotificationBell } from './NotificationBell';
import { formatNotificationDate, safeSitePath, useMessagesMarkedRead } from './notifications-data';
import { SHOP_TIME_ZONE } from '@/lib/locales';

const push = jest.fn();
jest.mock('@/i18n/navigation', () => ({
  useRouter: () => ({ push }),
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));
const handleError = jest.fn();
jest.mock('@/lib/api/public', () => {
  const actual = jest.requireActual('@/lib/api/public');
  return { ...actual, usePublicApi: () => ({ request: actual.publicRequest, handleError }) };
});
let socket: FakeSocket;
let client: RealtimeClient;
jest.mock('@/lib/socket/useRealtime', () => ({ useRealtime: () => client }));

const N1 = { id: 1, title: 'Presupuesto enviado', description: 'Tu pedido #5 ya tiene presupuesto.', url: '/order/5', createdAt: '2026-03-05T12:07:00.000Z', viewedAt: null };
const N2 = { id: 2, title: 'Pedido actualizado', description: 'Tu pedido #5 pasó a: Despachado.', url: '/order/5', createdAt: '2026-03-06T12:07:00.000Z', viewedAt: null };

/** What the order chat does after marking messages read (here a button, so the test can press it). */
function ChatMarksRead({ marked }: { marked: number }) {
  const markedRead = useMessagesMarkedRead();
  return (
    <button type="button" onClick={() => markedRead(marked)}>
      chat read
    </button>
  );
}

function renderBell() {
  return render(
    <FreshReads>
      <NextIntlClientProvider locale="es" messages={{ notifications }} onError={() => {}} timeZone={SHOP_TIME_ZONE}>
        <NotificationBell />
        <ChatMarksRead marked={2} />
      </NextIntlClientProvider>
    </FreshReads>,
  );
}

beforeEach(() => {
  socket = new FakeSocket();
  client = new RealtimeClient('http://api', 'tok', () => socket);
  push.mockReset();
  handleError.mockReset();
});
afterEach(() => {
  delete (window as { Notification?: unknown }).Notification;
});

describe('formatNotificationDate / safeSitePath', () => {
  it('formats day-month-2-digit year/hour:minute (shop time zone, or local)', () => {
    const d = new Date(2026, 2, 5, 9, 7);
    expect(formatNotificationDate(d.toISOString())).toBe('05-03-26/09:07');
    expect(formatNotificationDate('2026-03-05T12:07:00.000Z', SHOP_TIME_ZONE)).toBe('05-03-26/09:07');
    expect(formatNotificationDate('2026-12-31T23:59:00.000Z', 'UTC')).toBe('31-12-26/23:59');
    expect(formatNotificationDate('2026-03-05T00:30:00.000Z', 'UTC')).toBe('05-03-26/00:30');
    expect(formatNotificationDate('nope')).toBe('');
  });
  it('only same-site paths become links', () => {
    expect(safeSitePath('/order/5')).toBe('/order/5');
    for (const bad of ['//evil.com', 'https://evil.com', 'javascript:alert(1)', '/\\evil', '', null]) expect(safeSitePath(bad)).toBeNull();
  });
});

describe('NotificationBell', () => {
  it('badge counts notifications + unread messages; popup shows the banner and each notification', async () => {
    mockFetch({
      'GET api/notifications/client': { status: 200, body: { success: true, data: [N2, N1] } },
      'GET api/message/unviewed/client': { status: 200, body: { success: true, data: 3 } },
    });
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('5'));
    const bell = screen.getByRole('button', { name: 'Notificaciones: 5 sin ver' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(bell);
    const popup = screen.getByRole('dialog', { name: 'Notificaciones' });
    expect(within(popup).getByRole('link', { name: 'Tienes 3 mensaje(s) sin leer en el chat de tus pedidos' })).toHaveAttribute('href', '/orders');
    const items = within(popup).getAllByTestId('notification-item');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Pedido actualizado', 'Presupuesto enviado']);
    expect(within(items[1]).getByText('05-03-26/09:07')).toBeInTheDocument();
    expect(within(items[1]).getByText(N1.description)).toBeInTheDocument();
    expect(within(items[1]).getByRole('link', { name: 'Ir a: Presupuesto enviado' })).toHaveAttribute('href', '/order/5');
    // Escape closes and gives focus back
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell).toHaveFocus();
  });

  it("'Marcar como visto' posts the mark and removes it from the list", async () => {
    const { calls } = mockFetch({
      'GET api/notifications/client': { status: 200, body: { success: true, data: [N1] } },
      'GET api/message/unviewed/client': { status: 200, body: { success: true, data: 0 } },
      'POST api/notification/1/mark': { status: 200, body: { success: true, data: { ...N1, viewedAt: 'x' } } },
    });
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('1'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(screen.getByRole('link', { name: 'No tienes mensajes sin leer en el chat de tus pedidos' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como visto: Presupuesto enviado' }));
    await waitFor(() => expect(screen.queryByTestId('notification-item')).toBeNull());
    expect(screen.getByText('No tienes notificaciones nuevas')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.auth).toBeNull(); // no token cookie in this test
  });

  it('a failed mark keeps the item and goes through the generic error handling', async () => {
    mockFetch({
      'GET api/notifications/client': { status: 200, body: { success: true, data: [N1] } },
      'GET api/message/unviewed/client': { status: 200, body: { success: true, data: 0 } },
      'POST api/notification/1/mark': { status: 404, body: { success: false, message: 'No se encontró el recurso' } },
    });
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('1'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    fireEvent.click(screen.getByRole('button', { name: /Marcar como visto/ }));
    await waitFor(() => expect(handleError).toHaveBeenCalled());
    expect(screen.getAllByTestId('notification-item')).toHaveLength(1);
  });

  it('live: newNotification fetches and prepends it (system notification when granted); newMessageCount adds one; the chat marking read subtracts', async () => {
    const shown: { title: string; body?: string; onclick?: () => void }[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string }) {
        const entry = { title, body: options.body, onclick: () => this.onclick?.() };
        shown.push(entry);
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = FakeNotification;
    mockFetch({
      'GET api/notifications/client': { status: 200, body: { success: true, data: [N1] } },
      'GET api/message/unviewed/client': { status: 200, body: { success: true, data: 1 } },
      'GET api/notification/2': { status: 200, body: { success: true, data: N2 } },
    });
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('2'));
    act(() => socket.serverEmit('newNotification', { notificationId: 2 }));
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('3'));
    expect(shown).toEqual([{ title: N2.title, body: N2.description, onclick: expect.any(Function) }]);
    const focus = jest.spyOn(window, 'focus').mockImplementation(() => {});
    shown[0].onclick?.();
    expect(focus).toHaveBeenCalled();
    focus.mockRestore();
    expect(push).toHaveBeenCalledWith('/order/5');

    act(() => socket.serverEmit('newMessageCount', { orderId: 5 }));
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('4'));
    fireEvent.click(screen.getByRole('button', { name: 'chat read' }));
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('2'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(screen.getAllByTestId('notification-item').map((i) => within(i).getByRole('heading').textContent)).toEqual([N2.title, N1.title]);
    // a malformed event is ignored
    act(() => socket.serverEmit('newNotification', { notificationId: 'x' }));
  });

  it('asks browser permission only from the button in the popup', async () => {
    const requestPermission = jest.fn(async () => 'granted');
    (window as unknown as { Notification: unknown }).Notification = { permission: 'default', requestPermission };
    mockFetch({
      'GET api/notifications/client': { status: 200, body: { success: true, data: [] } },
      'GET api/message/unviewed/client': { status: 200, body: { success: true, data: 0 } },
    });
    renderBell();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificaciones' })).toBeInTheDocument());
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('notification-bell'));
    fireEvent.click(screen.getByRole('button', { name: 'Activar avisos del navegador' }));
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Activar avisos del navegador' })).toBeNull());
  });

  it('a failed list shows the error text; a 401 goes through the generic handling', async () => {
    mockFetch({
      'GET api/notifications/client': { status: 401, body: { success: false, message: 'La sesion ha expirado' } },
      'GET api/message/unviewed/client': { status: 401, body: { success: false } },
    });
    renderBell();
    await waitFor(() => expect(handleError).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(screen.getByText('No pudimos cargar las notificaciones')).toBeInTheDocument();
  });
});
