import { act, fireEvent, screen } from '@testing-library/react';
import { ShopToaster } from './ShopToaster';
import { useToast } from './use-toast';
import { ToastArea } from './ToastArea';
import { getShopToasts, resetShopToasts, toast } from '@/lib/toast/shop-toasts';
import { renderWithIntl } from './test-utils';
import { installPointerEvent } from '@/components/ui/test-dom';

beforeAll(() => {
  // jsdom has no pointer capture; Radix's swipe handling calls it.
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.setPointerCapture ??= () => {};
  proto.releasePointerCapture ??= () => {};
  proto.hasPointerCapture ??= () => false;
  // jsdom has no PointerEvent either: without it fireEvent.pointer* would drop clientX.
  installPointerEvent();
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => resetShopToasts());
  jest.useRealTimers();
});

const items = () => Array.from(document.querySelectorAll('li[data-variant]')) as HTMLElement[];

function Trigger() {
  const { toast: show, dismiss, toasts } = useToast();
  return (
    <>
      <button onClick={() => show({ title: '3 × Sahumerio de lavanda', description: 'Agregado al carrito', variant: 'success' })}>
        add
      </button>
      <button onClick={() => show({ title: 'Sahumerio de lavanda', description: 'se ha borrado el item', variant: 'warning' })}>
        remove
      </button>
      <button onClick={() => dismiss()}>dismiss</button>
      <output data-testid="count">{toasts.length}</output>
    </>
  );
}

/** The toaster and the test's buttons that raise and dismiss toasts. */
function renderToasterWithTrigger() {
  return renderWithIntl(
    <>
      <Trigger />
      <ShopToaster />
    </>,
  );
}

describe('ShopToaster (Radix)', () => {
  it('renders title and description in the labelled viewport', () => {
    renderToasterWithTrigger();
    expect(screen.getByRole('region', { name: 'Notificaciones (F8)' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('add'));
    const [li] = items();
    expect(li).toHaveTextContent('3 × Sahumerio de lavanda');
    expect(li).toHaveTextContent('Agregado al carrito');
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
  });

  it.each(['default', 'destructive', 'warning', 'success', 'error'] as const)('variant %s gets its class', (variant) => {
    renderWithIntl(<ShopToaster />);
    act(() => {
      toast({ title: variant, variant });
    });
    const [li] = items();
    expect(li).toHaveClass('toast', variant);
    expect(li).toHaveAttribute('data-variant', variant);
  });

  it('one at a time: a new toast replaces the current one', () => {
    renderToasterWithTrigger();
    fireEvent.click(screen.getByText('add'));
    fireEvent.click(screen.getByText('remove'));
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveTextContent('se ha borrado el item');
    expect(screen.queryByText('Agregado al carrito')).toBeNull();
  });

  it('closes by itself after 5 s', () => {
    renderWithIntl(<ShopToaster />);
    act(() => {
      toast({ title: 'Hola', variant: 'success' });
    });
    act(() => jest.advanceTimersByTime(4999));
    expect(items()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(items()).toHaveLength(0);
    // kept (closed) in the state until the removal delay, then dropped
    expect(getShopToasts()).toMatchObject([{ open: false }]);
    act(() => jest.advanceTimersByTime(1_000_000));
    expect(getShopToasts()).toEqual([]);
  });

  it('honours a caller duration', () => {
    renderWithIntl(<ShopToaster />);
    act(() => {
      toast({ title: 'Largo', duration: 8000 });
    });
    act(() => jest.advanceTimersByTime(7999));
    expect(items()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(items()).toHaveLength(0);
  });

  it('the close button closes it', () => {
    renderWithIntl(<ShopToaster />);
    act(() => {
      toast({ title: 'Hola' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(items()).toHaveLength(0);
    expect(getShopToasts()[0].open).toBe(false);
  });

  it('dismiss() from the hook and dismiss from the handle close it', () => {
    renderToasterWithTrigger();
    fireEvent.click(screen.getByText('add'));
    fireEvent.click(screen.getByText('dismiss'));
    expect(items()).toHaveLength(0);
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'otro' });
    });
    expect(items()).toHaveLength(1);
    act(() => handle.dismiss());
    expect(items()).toHaveLength(0);
  });

  it('F8 moves focus to the toast viewport', () => {
    renderToasterWithTrigger();
    fireEvent.click(screen.getByText('add'));
    screen.getByText('add').focus();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const viewport = document.querySelector('ol');
    expect(viewport).toHaveClass('viewport');
    expect(document.activeElement).toBe(viewport);
  });

  it('swipe right closes past 50 px, not below', () => {
    renderWithIntl(<ShopToaster />);
    act(() => {
      toast({ title: 'Swipe' });
    });
    const swipe = (dx: number) => {
      const li = items()[0];
      fireEvent.pointerDown(li, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
      fireEvent.pointerMove(li, { clientX: 110, clientY: 10, pointerId: 1 });
      fireEvent.pointerMove(li, { clientX: 100 + dx, clientY: 10, pointerId: 1 });
      fireEvent.pointerUp(li, { clientX: 100 + dx, clientY: 10, pointerId: 1 });
    };
    swipe(40);
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveAttribute('data-swipe', 'cancel');
    swipe(80);
    expect(items()).toHaveLength(0);
  });

  it('uses the translated labels (en)', () => {
    renderWithIntl(<ShopToaster />, 'en');
    act(() => {
      toast({ title: 'Hi' });
    });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('ToastArea mounts both systems in one area; Radix loads with the first shop toast', async () => {
    const { container } = renderWithIntl(<ToastArea />);
    const area = container.firstElementChild as HTMLElement;
    expect(area).toHaveClass('toast-area');
    expect(area.querySelector('[role="status"]')).not.toBeNull();
    expect(area.querySelector('[role="alert"]')).not.toBeNull();
    expect(area.querySelector('ol')).toBeNull(); // not loaded yet
    act(() => {
      toast({ title: 'Agregado', variant: 'success' });
    });
    expect(await screen.findByText('Agregado')).toBeInTheDocument();
    expect(area.querySelector('ol.viewport')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Notificaciones (F8)' })).toBeInTheDocument();
    // stays mounted after the toast has gone
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Agregado')).toBeNull();
    expect(area.querySelector('ol.viewport')).not.toBeNull();
  });
});
