import { getTranslations } from 'next-intl/server';
import { Container } from '@/components/ui/Container';
import { ButtonLink } from '@/components/ui/Button';
import { NotFoundIllustration } from '@/components/layout/NotFoundIllustration';
import styles from '@/app/[locale]/status-page.module.css';

/** The 404 screen (spec §2: image and footer — the footer comes from the layout). */
export async function NotFoundView() {
  const t = await getTranslations('errors.notFound');
  return (
    <Container className={styles.page}>
      <NotFoundIllustration label={t('imageAlt')} className={styles.illustration} />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.text}>{t('text')}</p>
      <div className={styles.actions}>
        <ButtonLink href="/">{t('home')}</ButtonLink>
        <ButtonLink href="/products" variant="secondary">
          {t('products')}
        </ButtonLink>
      </div>
    </Container>
  );
}
