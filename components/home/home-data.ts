import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import { apiRead } from '@/lib/api/server';
import { getCategories, getProducts } from '@/lib/api/catalogue';
import { carouselImageSchema, type Category, type ProductListItem } from '@/lib/contracts/catalogue';
import { SECONDS, tags } from '@/lib/cache';
import type { HeroSlide } from './HeroCarousel';
import { OUTSTANDING_POOL_ROWS, pickOutstanding, toSlides } from './home-logic';
import { apiPaths } from '@/lib/api/paths';

export interface HomeData {
  slides: HeroSlide[];
  outstanding: ProductListItem[];
  categories: Category[];
}

/**
 * Everything the home page shows. Each part may fail on its own (the page shows the rest); when every
 * part fails the API is down, and we throw so the page is not cached empty: the visitor gets the
 * something-went-wrong page (or, on revalidation, the last good page stays). Memoized per request
 * (generateMetadata and the page share one read).
 */
export const getHomeData = cache(async (): Promise<HomeData> => {
  const [carousel, products, categories] = await Promise.allSettled([
    apiRead(z.array(carouselImageSchema), apiPaths.carouselImages, {
      tags: [tags.carousel],
      revalidate: SECONDS.carousel,
    }),
    getProducts({ rows: OUTSTANDING_POOL_ROWS, page: 1, sort: 'popular' }),
    getCategories(),
  ]);
  if (carousel.status === 'rejected' && products.status === 'rejected' && categories.status === 'rejected') {
    throw new Error('Shop API unavailable: home page data could not be loaded');
  }
  const images = carousel.status === 'fulfilled' ? carousel.value : [];
  return {
    slides: toSlides(images),
    outstanding: products.status === 'fulfilled' ? pickOutstanding(products.value.items ?? []) : [],
    categories: categories.status === 'fulfilled' ? categories.value : [],
  };
});
