import { act, fireEvent, screen } from '@testing-library/react';
import { Gallery } from './Gallery';
import { renderWithProductIntl } from './test-utils';
import { installPointerEvent } from '@/components/ui/test-dom';

beforeAll(installPointerEvent);

// Embla needs layout; a small fake keeps the behaviour under test (index, loop, events).
interface FakeEmbla {
  index: number;
  count: number;
  handlers: Record<string, (() => void)[]>;
  selectedScrollSnap: () => number;
  scrollNext: jest.Mock;
  scrollPrev: jest.Mock;
  scrollTo: jest.Mock;
  on: (event: string, h: () => void) => FakeEmbla;
  off: (event: string, h: () => void) => FakeEmbla;
}
const emit = () => api.handlers.select?.forEach((h) => h());
const api: FakeEmbla = {
  index: 0,
  count: 1,
  handlers: {},
  selectedScrollSnap: () => api.index,
  scrollNext: jest.fn(() => {
    api.index = (api.index + 1) % api.count;
    emit();
  }),
  scrollPrev: jest.fn(() => {
    api.index = (api.index - 1 + api.count) % api.count;
    emit();
  }),
  scrollTo: jest.fn((i: number) => {
    api.index = i;
    emit();
  }),
  on: (event, h) => {
    (api.handlers[event] ??= []).push(h);
    return api;
  },
  off: (event, h) => {
    api.handlers[event] = (api.handlers[event] ?? []).filter((x) => x !== h);
    return api;
  },
};
const options: unknown[] = [];
// Embla is imported on demand (components/ui/useEmblaOnDemand): the mock counts how often it is mounted.
let mounts = 0;
jest.mock('embla-carousel', () => ({
  __esModule: true,
  default: (_viewport: HTMLElement, opts: { startIndex?: number }) => {
    mounts++;
    options.push(opts);
    api.index = opts.startIndex ?? 0;
    return { ...api, destroy: () => {} };
  },
}));
/** Lets the on-demand import resolve and Embla mount (promise callbacks, under fake timers). */
async function flush() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}
// The viewer is code-split with next/dynamic; here it renders a marker.
jest.mock('next/dynamic', () => ({
  __esModule: true,
  default: () =>
    function ViewerStub({ startIndex }: { startIndex: number }) {
      return <div role="dialog" aria-label="viewer">{`viewer at ${startIndex}`}</div>;
    },
}));

const images = [
  { src: '/uploads/a.webp', alt: 'imagen de Vela' },
  { src: '/uploads/b.webp', alt: 'imagen de Vela' },
  { src: '/uploads/c.webp', alt: 'imagen de Vela' },
];

function setMatchMedia(reduced: boolean) {
  window.matchMedia = jest.fn().mockImplementation((q: string) => ({
    matches: reduced && q.includes('reduce'),
    media: q,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  jest.useFakeTimers();
  api.index = 0;
  api.handlers = {};
  api.scrollNext.mockClear();
  api.scrollPrev.mockClear();
  options.length = 0;
  mounts = 0;
  setMatchMedia(false);
});
afterEach(() => jest.useRealTimers());

describe('Gallery', () => {
  it('renders the first image eagerly with fetchpriority high and the Spanish alt, without Embla until used', async () => {
    api.count = 3;
    renderWithProductIntl(<Gallery images={images} name="Vela" />);
    const imgs = screen.getAllByAltText('imagen de Vela');
    expect(imgs[0]).toHaveAttribute('fetchpriority', 'high');
    expect(imgs[0]).toHaveAttribute('loading', 'eager');
    expect(imgs[0]).toHaveAttribute('width', '800');
    expect(imgs[1]).toHaveAttribute('loading', 'lazy');
    await flush();
    expect(mounts).toBe(0);
    // a pointer over the gallery loads it (before the first click or swipe)
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Imágenes de Vela' }), { pointerType: 'mouse' });
    await flush();
    expect(mounts).toBe(1);
    expect(options[0]).toMatchObject({ loop: true });
  });

  it('one image: no previous/next buttons, no thumbnails, no autoplay, no Embla', async () => {
    api.count = 1;
    renderWithProductIntl(<Gallery images={images.slice(0, 1)} name="Vela" />);
    expect(screen.queryByRole('button', { name: 'Imagen siguiente' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Imagen anterior' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Elegir imagen' })).toBeNull();
    act(() => jest.advanceTimersByTime(10_000));
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Imágenes de Vela' }), { pointerType: 'mouse' });
    await flush();
    expect(api.scrollNext).not.toHaveBeenCalled();
    expect(mounts).toBe(0);
  });

  it('auto-advances every 3 s without Embla, looping; a pointer then loads Embla at the slide showing, and hover pauses', async () => {
    api.count = 3;
    const { container } = renderWithProductIntl(<Gallery images={images} name="Vela" />);
    const slides = Array.from(container.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'));
    const track = slides[0]!.parentElement!;
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    await flush();
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(track.style.transform).toBe('translate3d(-100%, 0, 0)');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    // past the last image: the first is put after it and the track moves on, then both settle back at the start
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(slides[0]!.style.transform).toBe('translate3d(300%, 0, 0)');
    expect(track.style.transform).toBe('translate3d(-300%, 0, 0)');
    fireEvent.transitionEnd(track);
    expect(slides[0]!.style.transform).toBe('');
    expect(track.style.transform).toBe('');
    act(() => jest.advanceTimersByTime(3000));
    await flush();
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(mounts).toBe(0);
    expect(api.scrollNext).not.toHaveBeenCalled();

    const region = screen.getByRole('region', { name: 'Imágenes de Vela' });
    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    await flush();
    expect(mounts).toBe(1);
    expect(options[0]).toMatchObject({ loop: true, startIndex: 1 });
    expect(track.style.transform).toBe('');
    act(() => jest.advanceTimersByTime(9000));
    expect(api.scrollNext).not.toHaveBeenCalled();
    fireEvent.pointerLeave(region);
    act(() => jest.advanceTimersByTime(3000));
    expect(api.scrollNext).toHaveBeenCalledTimes(1);
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('does not auto-advance with reduced motion', () => {
    api.count = 3;
    setMatchMedia(true);
    renderWithProductIntl(<Gallery images={images} name="Vela" />);
    act(() => jest.advanceTimersByTime(10_000));
    expect(api.scrollNext).not.toHaveBeenCalled();
  });

  it('buttons and thumbnails move the carousel (the first press loads Embla, then moves); a click opens the viewer', async () => {
    api.count = 3;
    renderWithProductIntl(<Gallery images={images} name="Vela" />);
    fireEvent.click(screen.getByRole('button', { name: 'Imagen siguiente' }));
    await flush();
    expect(api.scrollNext).toHaveBeenCalledTimes(1);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Imagen anterior' }));
    expect(api.scrollPrev).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Ver imagen 3 de 3' }));
    expect(screen.getByRole('button', { name: 'Ver imagen 3 de 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ampliar imagen 3 de 3' }));
    expect(screen.getByRole('dialog', { name: 'viewer' })).toHaveTextContent('viewer at 2');
  });

  it('thumbnails download the 160 px copy, not the full-size picture', () => {
    api.count = 3;
    const { container } = renderWithProductIntl(<Gallery images={images} name="Vela" />);
    const thumbs = Array.from(container.querySelectorAll('ul img'));
    expect(thumbs).toHaveLength(images.length);
    thumbs.forEach((img, i) => expect(img).toHaveAttribute('src', `${images[i]!.src}?w=160`));
  });

  it('a failed image becomes a placeholder with the alt text cut to 20 characters', () => {
    api.count = 1;
    renderWithProductIntl(<Gallery images={[{ src: '/x.webp', alt: 'imagen de Sahumerio Sagrada Madre' }]} name="S" />);
    fireEvent.error(screen.getByAltText('imagen de Sahumerio Sagrada Madre'));
    expect(screen.getByTestId('image-placeholder')).toHaveTextContent('imagen de Sahumerio');
    expect(screen.getByTestId('image-placeholder').textContent).toHaveLength(20);
    expect(screen.getByRole('img', { name: 'imagen de Sahumerio Sagrada Madre' })).toBeInTheDocument();
  });
});
