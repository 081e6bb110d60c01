import type { CarouselImage, ProductListItem } from '@/lib/contracts/catalogue';
import { isPlayingIntent, shouldAutoplay } from './carousel-timer';
import { pickOutstanding, toSlides } from './home-logic';

describe('carousel autoplay', () => {
  const base = { slideCount: 3, userPlaying: null, hovered: false, focused: false, reducedMotion: false };
  it('plays by default and pauses on hover, focus, hidden tab or a single slide', () => {
    expect(shouldAutoplay(base)).toBe(true);
    expect(shouldAutoplay({ ...base, hovered: true })).toBe(false);
    expect(shouldAutoplay({ ...base, focused: true })).toBe(false);
    expect(shouldAutoplay({ ...base, hidden: true })).toBe(false);
    expect(shouldAutoplay({ ...base, slideCount: 1 })).toBe(false);
  });
  it('starts paused with reduced motion, but the play button wins', () => {
    expect(shouldAutoplay({ ...base, reducedMotion: true })).toBe(false);
    expect(shouldAutoplay({ ...base, reducedMotion: true, userPlaying: true })).toBe(true);
    expect(shouldAutoplay({ ...base, userPlaying: false })).toBe(false);
    expect(isPlayingIntent(null, true)).toBe(false);
    expect(isPlayingIntent(null, false)).toBe(true);
    expect(isPlayingIntent(false, false)).toBe(false);
  });
});

describe('home data shaping', () => {
  it('orders carousel slides and uses same-origin image paths', () => {
    const images: CarouselImage[] = [
      { id: 2, name: 'http://localhost:4000/uploads/carousel/b.webp', alt: 'B', url: '/velas', order: 1 },
      { id: 1, name: '/uploads/carousel/a.webp', alt: 'A', url: null, order: 0 },
      { id: 3, name: '', alt: 'sin imagen', url: null, order: 2 },
    ];
    expect(toSlides(images)).toEqual([
      { id: 1, src: '/uploads/carousel/a.webp', alt: 'A', href: null },
      { id: 2, src: '/uploads/carousel/b.webp', alt: 'B', href: '/velas' },
    ]);
  });

  it('keeps outstanding, non-hidden products, at most 8', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ id: i, isOutstanding: i % 2 === 0, state: i === 2 ? 'hidden' : 'active' })) as ProductListItem[];
    expect(pickOutstanding(items).map((p) => p.id)).toEqual([0, 4, 6, 8, 10]);
    expect(pickOutstanding(items, 2).map((p) => p.id)).toEqual([0, 4]);
  });
});
