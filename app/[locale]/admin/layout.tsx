import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing, type Locale } from '@/i18n/routing';
import { AdminNav, type AdminNavItem } from '@/components/admin/AdminNav';
import styles from '@/components/admin/admin.module.css';
import { staffGet } from '@/lib/admin/data';
import { adminSections, SECTION_HREF } from '@/lib/admin/sections';
import type { SessionCheckAnswer } from '@/lib/contracts/account';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

/** The staff back-office: personal, never cached, never indexed (outside the shop's SEO). */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'admin' });
  return { title: t('meta.title'), description: t('meta.description'), robots: { index: false, follow: false } };
}

/**
 * The navigation lists only the sections the visitor's role may use (permissions from the session check,
 * GET auth). Each page still loads its data through the API, which refuses what the role may not do, and
 * lib/admin/guard.ts turns that refusal into a redirect.
 */
export default async function AdminLayout({ children, params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, ts, tp, tpr, session] = await Promise.all([
    getTranslations('admin'),
    getTranslations('adminSettings'),
    getTranslations('adminProducts'),
    getTranslations('adminPrices'),
    staffGet<SessionCheckAnswer>('auth'),
  ]);
  const labels = {
    orders: t('nav.orders'),
    products: ts('nav.products'),
    prices: tpr('nav.prices'),
    categories: tp('categories.nav'),
    search: ts('nav.search'),
    customers: ts('nav.customers'),
    audit: tpr('nav.audit'),
    config: t('nav.config'),
  };
  const items: AdminNavItem[] =
    session.kind === 'ok' ? adminSections(session.data.permissions ?? []).map((s) => ({ href: SECTION_HREF[s], label: labels[s] })) : [];
  return (
    <div className={styles.shell}>
      {items.length ? <AdminNav label={t('nav.label')} items={items} /> : null}
      {children}
    </div>
  );
}
