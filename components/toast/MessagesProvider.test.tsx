import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MessagesProvider, useMessages } from './MessagesProvider';
import { ToastArea } from './ToastArea';
import { notify, resetNotifyEmitter } from '@/lib/toast/emitter';
import { renderWithIntl } from './test-utils';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  resetNotifyEmitter();
  jest.useRealTimers();
});

function Buttons() {
  const { notify: show } = useMessages();
  return (
    <>
      <button onClick={() => show('SUCCESS', 'Datos guardados correctamente')}>ok</button>
      <button onClick={() => show('ERROR', 'Error en la solicitud', 10)}>err</button>
      <button onClick={() => show('WARNING', 'Cuidado')}>warn</button>
      <button onClick={() => show('INFO', 'Dato')}>info</button>
      <button onClick={() => show('DEBUG' as never, 'Otro')}>other</button>
    </>
  );
}

/** The provider with the test's buttons, rendered in `locale` (Spanish by default). */
const renderButtons = (locale?: Parameters<typeof renderWithIntl>[1]) =>
  renderWithIntl(
    <MessagesProvider>
      <Buttons />
    </MessagesProvider>,
    locale,
  );

const card = () => document.querySelector('[data-tone]') as HTMLElement | null;

describe('MessagesProvider', () => {
  it('shows a success message as a polite status with the translated title and icon', () => {
    renderButtons();
    fireEvent.click(screen.getByText('ok'));
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Notificación');
    expect(status).toHaveTextContent('Datos guardados correctamente');
    expect(screen.getByRole('img', { name: 'Éxito' })).toHaveTextContent('✅');
    expect(card()).toHaveClass('success', 'in');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('errors and warnings go to the assertive alert region, with their style and icon', () => {
    renderButtons();
    fireEvent.click(screen.getByText('err'));
    expect(screen.getByRole('alert')).toHaveTextContent('Error en la solicitud');
    expect(screen.getByRole('img', { name: 'Error' })).toHaveTextContent('❌');
    expect(card()).toHaveClass('error');
    fireEvent.click(screen.getByText('warn'));
    expect(screen.getByRole('alert')).toHaveTextContent('Cuidado');
    expect(screen.getByRole('img', { name: 'Advertencia' })).toHaveTextContent('⚠️');
    expect(card()).toHaveClass('warning');
  });

  it('INFO is blue with ℹ️, an unknown type is gray with 🔔', () => {
    renderButtons();
    fireEvent.click(screen.getByText('info'));
    expect(card()).toHaveClass('info');
    expect(screen.getByRole('img', { name: 'Información' })).toHaveTextContent('ℹ️');
    fireEvent.click(screen.getByText('other'));
    expect(card()).toHaveClass('other');
    expect(screen.getByRole('img', { name: 'Aviso' })).toHaveTextContent('🔔');
  });

  it('only the newest message is displayed', () => {
    renderButtons();
    fireEvent.click(screen.getByText('ok'));
    fireEvent.click(screen.getByText('info'));
    expect(document.querySelectorAll('[data-tone]')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Dato');
    expect(screen.queryByText('Datos guardados correctamente')).toBeNull();
  });

  it('default 4 s: then fades out (inactive, inert) and is removed 1 s later', () => {
    renderButtons();
    fireEvent.click(screen.getByText('ok'));
    act(() => jest.advanceTimersByTime(3999));
    expect(card()).toHaveAttribute('data-state', 'active');
    act(() => jest.advanceTimersByTime(1));
    expect(card()).toHaveAttribute('data-state', 'inactive');
    expect(card()).toHaveClass('out');
    expect(card()).toHaveAttribute('inert');
    act(() => jest.advanceTimersByTime(999));
    expect(card()).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(card()).toBeNull();
  });

  it('caller-given seconds', () => {
    renderButtons();
    fireEvent.click(screen.getByText('err')); // 10 s
    act(() => jest.advanceTimersByTime(9999));
    expect(card()).toHaveAttribute('data-state', 'active');
    act(() => jest.advanceTimersByTime(1001));
    expect(card()).toBeNull();
  });

  it('the close button dismisses early (fade, then removal 1 s later)', () => {
    renderButtons();
    fireEvent.click(screen.getByText('ok'));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(card()).toHaveAttribute('data-state', 'inactive');
    act(() => jest.advanceTimersByTime(1000));
    expect(card()).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('translates the title (en, pt-BR)', () => {
    const { unmount } = renderButtons('en');
    fireEvent.click(screen.getByText('ok'));
    expect(screen.getByRole('status')).toHaveTextContent('Notification');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    unmount();
    renderButtons('pt-BR');
    fireEvent.click(screen.getByText('ok'));
    expect(screen.getByRole('status')).toHaveTextContent('Notificação');
  });

  it('ignores empty messages', () => {
    function Empty() {
      const { notify: show } = useMessages();
      return <button onClick={() => show('ERROR', '  ')}>empty</button>;
    }
    renderWithIntl(
      <MessagesProvider>
        <Empty />
      </MessagesProvider>,
    );
    fireEvent.click(screen.getByText('empty'));
    expect(card()).toBeNull();
  });
});

describe('module-level notify() and useMessages() outside the provider', () => {
  it('notify() outside React reaches the mounted ToastArea (its provider loads with the first message)', async () => {
    renderWithIntl(<ToastArea />);
    // the live regions are there, empty, before any message
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    act(() => notify('ERROR', 'Ha ocurrido un error en el servidor'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Ha ocurrido un error en el servidor'));
    act(() => jest.advanceTimersByTime(5000));
    expect(card()).toBeNull();
  });

  it('messages sent before the area mounts are shown when it mounts', async () => {
    notify('INFO', 'temprano');
    renderWithIntl(<ToastArea />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('temprano'));
  });

  it('useMessages() in a component outside the provider forwards to the emitter', async () => {
    renderWithIntl(
      <>
        <Buttons />
        <ToastArea />
      </>,
    );
    fireEvent.click(screen.getByText('ok'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Datos guardados correctamente'));
  });

  it('stops listening after unmount', async () => {
    const { unmount } = renderWithIntl(<ToastArea />);
    unmount();
    notify('INFO', 'después'); // queued, not delivered to the unmounted provider
    renderWithIntl(<ToastArea />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('después'));
  });
});
