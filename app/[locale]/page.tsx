import { getTranslations, setRequestLocale } from 'next-intl/server';
import { apiGet } from '@/lib/api/server';
import type { Paged, ProductListItem } from '@/lib/api/types';

export const revalidate = 60;

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('home');
  let products: ProductListItem[] = [];
  try {
    products = (await apiGet<Paged<ProductListItem>>('api/products?rows=8&page=1')).items;
  } catch {
    products = [];
  }
  return (
    <main>
      <h1>{t('title')}</h1>
      <ul>
        {products.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
    </main>
  );
}
