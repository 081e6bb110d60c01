import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { ConfigForm } from '@/components/admin/ConfigForm';
import { ADMIN_CONFIG_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { CarouselManager } from '@/components/admin/settings/CarouselManager';
import { TagsManager } from '@/components/admin/settings/TagsManager';
import { TransportsManager } from '@/components/admin/settings/TransportsManager';
import base from '@/components/admin/admin.module.css';
import styles from '@/components/admin/settings/settings.module.css';
import { staffGet } from '@/lib/admin/data';
import { requireStaffData } from '@/lib/admin/guard';
import type { ShopSettings } from '@/lib/admin/settings-types';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: 'adminSettings.meta' });
  return { title: t('config'), robots: { index: false, follow: false } };
}

/**
 * /admin/config — purchase minimums and maintenance (config:write), home carousel and footer tags
 * (categories:write), transports (transports:write). GET api/staff/settings answers 403 without any of
 * them (the guard then sends the visitor home) and says which parts this role may change.
 */
export default async function AdminConfigPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const settings = requireStaffData(await staffGet<ShopSettings>('api/staff/settings'), locale as Locale, '/admin/config');
  const t = await getTranslations('adminSettings.config');
  const { can } = settings;
  return (
    <div className={base.main}>
      <div>
        <h1 className={base.title}>{t('title')}</h1>
        <p className={base.muted}>{t('intro')}</p>
      </div>
      <ScopedMessages paths={ADMIN_CONFIG_CLIENT_MESSAGE_PATHS}>
        <div className={styles.sections}>
          {can.config ? (
            <section className={`${base.panel} ${styles.section}`} aria-labelledby="config-shop">
              <h2 id="config-shop" className={base.h2}>
                {t('shop')}
              </h2>
              <ConfigForm initial={settings.config} />
            </section>
          ) : null}
          {can.transports ? (
            <section className={`${base.panel} ${styles.section}`} aria-labelledby="config-transports" data-testid="transports-section">
              <div>
                <h2 id="config-transports" className={base.h2}>
                  {t('transports')}
                </h2>
                <p className={base.muted}>{t('transportsIntro')}</p>
              </div>
              <TransportsManager items={settings.transports} />
            </section>
          ) : null}
          {can.catalogue ? (
            <section className={`${base.panel} ${styles.section} ${styles.wide}`} aria-labelledby="config-carousel" data-testid="carousel-section">
              <div>
                <h2 id="config-carousel" className={base.h2}>
                  {t('carousel')}
                </h2>
                <p className={base.muted}>{t('carouselIntro')}</p>
              </div>
              <CarouselManager items={settings.carousel} />
            </section>
          ) : null}
          {can.catalogue ? (
            <section className={`${base.panel} ${styles.section} ${styles.wide}`} aria-labelledby="config-tags" data-testid="tags-section">
              <div>
                <h2 id="config-tags" className={base.h2}>
                  {t('tags')}
                </h2>
                <p className={base.muted}>{t('tagsIntro')}</p>
              </div>
              <TagsManager items={settings.tags} />
            </section>
          ) : null}
        </div>
      </ScopedMessages>
    </div>
  );
}
