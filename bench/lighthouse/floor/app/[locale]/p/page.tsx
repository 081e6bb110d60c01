import type { Metadata } from 'next';
import Image from 'next/image';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AddButton } from '../../add-button';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Floor' });
  return { title: t('title'), description: t('body') };
}

export default async function FloorPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Floor');
  return (
    <main style={{ maxWidth: 800, margin: '0 auto', padding: 16 }}>
      <h1>{t('title')}</h1>
      <Image src="/floor.jpg" alt={t('title')} width={800} height={800} priority sizes="(max-width: 800px) 100vw, 800px" style={{ width: '100%', height: 'auto' }} />
      <p>{t('body')}</p>
      <AddButton label={t('add')} />
    </main>
  );
}
