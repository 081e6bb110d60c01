import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { ConfigForm } from '@/components/admin/ConfigForm';
import styles from '@/components/admin/admin.module.css';
import { staffGet } from '@/lib/admin/data';
import { requireStaffData } from '@/lib/admin/guard';
import type { Config } from '@/lib/api/types';

type Props = { params: Promise<{ locale: string }> };

/** /admin/config — purchase minimums and the maintenance flag (PATCH api/staff/config). */
export default async function AdminConfigPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const config = requireStaffData(await staffGet<Config>('api/staff/config'), locale as Locale, '/admin/config');
  const t = await getTranslations('admin.config');
  return (
    <div className={styles.main}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.muted}>{t('intro')}</p>
      <ConfigForm initial={config} />
    </div>
  );
}
