import type { CarouselImage, ProductListItem } from '@/lib/contracts/catalogue';
import { imageSrc } from '@/components/ui/image-src';
import type { HeroSlide } from './HeroCarousel';

const OUTSTANDING_COUNT = 8;
/**
 * The API has no "outstanding" filter on api/products: we read one page of the most popular products
 * (outstanding products rank high there) and keep those flagged isOutstanding.
 */
export const OUTSTANDING_POOL_ROWS = 100;

export function toSlides(images: CarouselImage[]): HeroSlide[] {
  return [...images]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id - b.id)
    .flatMap((img) => {
      const src = imageSrc(img.name);
      if (!src) return [];
      const href = img.url && img.url.trim() ? img.url.trim() : null;
      return [{ id: img.id, src, alt: img.alt ?? '', href }];
    });
}

export function pickOutstanding(items: ProductListItem[], count: number = OUTSTANDING_COUNT): ProductListItem[] {
  return items.filter((p) => p.isOutstanding && p.state !== 'hidden').slice(0, count);
}

