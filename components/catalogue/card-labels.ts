import { getTranslations } from 'next-intl/server';
import type { ProductCardLabels } from './ProductCard';

/** The product cards' texts in the request's locale (server side: the home page and the listings). */
export async function getProductCardLabels(): Promise<ProductCardLabels> {
  const [t, tp] = await Promise.all([getTranslations('catalogue'), getTranslations('product')]);
  return {
    limited: t('card.limited'),
    noStock: t('card.noStock'),
    vip: t('card.vip'),
    sale: t('card.discount'),
    noImage: t('card.noImage'),
    imageAlt: (name) => tp('imageAlt', { name }),
    regular: (price) => tp('regularPrice', { price }),
  };
}
