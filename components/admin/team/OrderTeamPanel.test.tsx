import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import admin from '@/messages/es/admin.json';
import { mockFetch } from '@/components/account/test-utils';
import type { OrderNote } from '@/lib/contracts/staff-team';
import { OrderTeamPanel } from './OrderTeamPanel';

const refresh = jest.fn();
jest.mock('@/i18n/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh }), Link: ({ children }: { children: ReactNode }) => children }));
const notify = jest.fn();
jest.mock('@/components/toast/MessagesProvider', () => ({ useMessages: () => ({ notify }) }));
const handleError = jest.fn();
jest.mock('@/lib/api/public', () => {
  const actual = jest.requireActual('@/lib/api/public');
  return { ...actual, usePublicApi: () => ({ request: actual.publicRequest, handleError }) };
});

const note = (id: number, over: Partial<OrderNote> = {}): OrderNote => ({
  id,
  orderId: 9,
  text: `Nota ${id}`,
  authorId: 2,
  authorName: 'Carla Ruiz',
  // 01:30 UTC is 22:30 of the day before in Buenos Aires
  createdAt: '2026-11-21T01:30:00.000Z',
  mine: false,
  ...over,
});

const members = [
  { id: 2, name: 'Carla Ruiz', role: 'employee' },
  { id: 5, name: 'Olga Test', role: 'orderemployee' },
];

function renderPanel(props: Partial<Parameters<typeof OrderTeamPanel>[0]> = {}) {
  return render(
    <NextIntlClientProvider locale="es" messages={{ admin }} timeZone="America/Argentina/Buenos_Aires" onError={() => {}}>
      <OrderTeamPanel orderId={9} assignee={null} members={members} notes={[]} viewerId={5} {...props} />
    </NextIntlClientProvider>,
  );
}

beforeEach(() => {
  refresh.mockReset();
  notify.mockReset();
  handleError.mockReset();
});

describe('OrderTeamPanel', () => {
  it('lists the notes with author and the shop’s time, as text; delete only on one’s own', () => {
    renderPanel({ notes: [note(1), note(2, { text: '<b>no es HTML</b>\nsegunda línea', authorName: 'Olga Test', authorId: 5, mine: true }), note(3, { authorName: null, authorId: null })] });
    const items = screen.getAllByTestId('note');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByTestId('note-author')).toHaveTextContent('Carla Ruiz');
    expect(items[0]!.querySelector('time')).toHaveTextContent('20/11/26, 22:30');
    expect(within(items[1]!).getByText(/<b>no es HTML<\/b>/)).toBeInTheDocument();
    expect(within(items[2]!).getByTestId('note-author')).toHaveTextContent('Ex integrante del personal');
    expect(screen.getAllByTestId('note-delete')).toHaveLength(1);
    expect(within(items[1]!).getByTestId('note-delete')).toHaveAccessibleName('Borrar la nota del 20/11/26, 22:30');
    expect(screen.getByText('Sólo las ve el personal: el cliente nunca las ve.')).toBeInTheDocument();
  });

  it('says when there are no notes and nobody is assigned', () => {
    renderPanel();
    expect(screen.getByText('Todavía no hay notas.')).toBeInTheDocument();
    expect(screen.getByTestId('assignee-name')).toHaveTextContent('Sin asignar');
  });

  it('adds a note (trimmed) and refreshes; refuses an empty or too long one without calling the API', async () => {
    const { calls } = mockFetch({ 'POST api/staff/orders/9/notes': { status: 201, body: { success: true, data: note(7) } } });
    renderPanel();
    const box = screen.getByLabelText('Nueva nota');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escribí la nota.');
    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2001 de 2000 caracteres')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La nota puede tener hasta 2000 caracteres.');
    expect(calls).toHaveLength(0);

    fireEvent.change(box, { target: { value: '  Llamar antes de despachar  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar nota' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', body: { text: 'Llamar antes de despachar' } });
    expect(notify).toHaveBeenCalledWith('SUCCESS', 'Nota guardada');
    expect(box).toHaveValue('');
  });

  it('deletes one’s own note after confirming', async () => {
    const { calls } = mockFetch({ 'DELETE api/staff/orders/9/notes/2': { status: 200, body: { success: true, data: { id: 2 } } } });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPanel({ notes: [note(2, { mine: true })] });
    fireEvent.click(screen.getByTestId('note-delete'));
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('note-delete'));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'DELETE' });
    confirm.mockRestore();
  });

  it('assigns to a chosen member, to oneself in one click, or to nobody', async () => {
    const { calls } = mockFetch({ 'PUT api/staff/orders/9/assignee': { status: 200, body: { success: true, data: { assignee: null } } } });
    renderPanel({ assignee: { id: 2, name: 'Carla Ruiz' } });
    expect(screen.getByTestId('assignee-name')).toHaveTextContent('Carla Ruiz');
    const select = screen.getByLabelText('Asignar a');
    expect(select).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Asignar' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Asignármelo' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { userId: 5 } });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('SUCCESS', 'Pedido asignado'));

    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ body: { userId: null } });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('SUCCESS', 'El pedido quedó sin asignar'));
  });

  it('has no "assign to me" when the order is already the viewer’s', () => {
    renderPanel({ assignee: { id: 5, name: 'Olga Test' } });
    expect(screen.queryByTestId('assign-me')).toBeNull();
  });
});
