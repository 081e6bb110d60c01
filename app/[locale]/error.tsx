'use client';
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { Container } from '@/components/ui/Container';
import { Button, ButtonLink } from '@/components/ui/Button';
import styles from './status-page.module.css';

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
    <Container className={styles.page}>
      <title>{`Aromas del Alma | ${t('title')}`}</title>
      <meta name="robots" content="noindex" />
      <svg className={styles.illustration} viewBox="0 0 320 200" width="320" height="200" aria-hidden="true" focusable="false">
        <circle cx="160" cy="100" r="92" fill="#f6e3c2" />
        <path d="M120 140h80l-10 34h-60z" fill="#a4471f" />
        <rect x="112" y="132" width="96" height="12" rx="6" fill="#8e3b18" />
        <path d="M160 126c-14-10-16-24-6-36 6 10 14 12 14 24 0 6-3 9-8 12z" fill="#d98e2b" />
        <path d="M150 60c-10 10 10 18 0 30M174 54c-10 10 10 18 0 30" stroke="#5b2a4e" strokeOpacity="0.4" strokeWidth="5" fill="none" strokeLinecap="round" />
      </svg>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.text}>{t('text')}</p>
      <div className={styles.actions}>
        <Button onClick={() => retry()}>{t('retry')}</Button>
        <ButtonLink href="/" variant="secondary">
          {t('home')}
        </ButtonLink>
      </div>
    </Container>
  );
}
