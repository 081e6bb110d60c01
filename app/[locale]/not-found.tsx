import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { Container } from '@/components/ui/Container';
import { ButtonLink } from '@/components/ui/Button';
import { NotFoundIllustration } from '@/components/layout/NotFoundIllustration';
import styles from './status-page.module.css';

/**
 * The 404's <title> in the server HTML (crawlers and link previews read it there). Next resolves a
 * not-found file's metadata with its segment's params, so the locale is explicit and nothing here reads
 * request headers (the page stays static). A <title> rendered by the component instead came after the
 * layout's home title in the head, and only hydration fixed it.
 */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const seo = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : routing.defaultLocale, namespace: 'seo.notFound' });
  return { title: seo('title'), robots: { index: false, follow: true } };
}

/** 404 screen (spec §2: image and footer — the footer comes from the layout). HTTP 404, noindex. */
export default async function NotFound() {
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
