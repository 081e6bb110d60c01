'use client';
import { useTranslations } from 'next-intl';
import { Container } from '@/components/ui/Container';
import { Button, ButtonLink } from '@/components/ui/Button';
import styles from '@/app/[locale]/status-page.module.css';

/**
 * The something-went-wrong screen (spec §2): the error boundary's page (app/[locale]/error.tsx) and the
 * prebuilt 503 page (app/[locale]/status-template) show the same thing. `retry` defaults to reloading
 * the page: the prebuilt page has no failed render to retry, only the request.
 */
export function ErrorView({ retry }: { retry?: () => void }) {
  const t = useTranslations('errors.generic');
  return (
    <Container className={styles.page}>
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
        <Button onClick={() => (retry ? retry() : window.location.reload())}>{t('retry')}</Button>
        <ButtonLink href="/" variant="secondary">
          {t('home')}
        </ButtonLink>
      </div>
    </Container>
  );
}
