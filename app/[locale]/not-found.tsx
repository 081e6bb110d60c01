import { getTranslations } from 'next-intl/server';
import { SHOP_NAME } from '@/lib/seo/metadata';
import { Container } from '@/components/ui/Container';
import { ButtonLink } from '@/components/ui/Button';
import { NotFoundIllustration } from '@/components/layout/NotFoundIllustration';
import styles from './status-page.module.css';

/**
 * 404 screen (spec §2: image and footer — the footer comes from the layout). HTTP 404, and Next adds
 * robots noindex. No generateMetadata here: it would run without the locale (not-found gets no params)
 * and force dynamic rendering; the <title> is rendered by the component instead (React hoists it).
 */
export default async function NotFound() {
  const [t, seo] = await Promise.all([getTranslations('errors.notFound'), getTranslations('seo.notFound')]);
  return (
    <Container className={styles.page}>
      <title>{`${SHOP_NAME} | ${seo('title')}`}</title>
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
