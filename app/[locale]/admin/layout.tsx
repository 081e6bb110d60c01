import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import styles from '@/components/admin/admin.module.css';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

/** The staff back-office: personal, never cached, never indexed (outside the shop's SEO). */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'admin' });
  return { title: t('meta.title'), description: t('meta.description'), robots: { index: false, follow: false } };
}

export default async function AdminLayout({ children, params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('admin');
  return (
    <div className={styles.shell}>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <Link href="/admin" className={styles.navLink}>
          {t('nav.orders')}
        </Link>
        <Link href="/admin/config" className={styles.navLink}>
          {t('nav.config')}
        </Link>
      </nav>
      {children}
    </div>
  );
}
