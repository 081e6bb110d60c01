'use client';
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { ErrorView } from '@/components/layout/ErrorView';

/**
 * Something-went-wrong page (spec §2) for any error below the root layout, e.g. the API being down
 * on a page that is not cached yet. Never shows the error itself (production messages are generic).
 */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations('errors.generic');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <>
      <title>{`Aromas del Alma | ${t('title')}`}</title>
      <meta name="robots" content="noindex" />
      <ErrorView retry={retry} />
    </>
  );
}
