import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ConfigForm } from '@/components/admin/ConfigForm';
import { ADMIN_CONFIG_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { CarouselManager } from '@/components/admin/settings/CarouselManager';
import { TagsManager } from '@/components/admin/settings/TagsManager';
import { TransportsManager } from '@/components/admin/settings/TransportsManager';
import base from '@/components/admin/admin.module.css';
import styles from '@/components/admin/settings/settings.module.css';
import { staffRead } from '@/lib/admin/data';
import { shopSettingsSchema } from '@/lib/contracts/staff-settings';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffPageMetadata } from '@/components/admin/ui/metadata';
import { AdminPage } from '@/components/admin/ui/page';
import { Panel } from '@/components/admin/ui/Panel';
import { staffRequest } from '@/components/admin/ui/staff-request';

type Props = { params: Promise<{ locale: string }> };

/** One manager's panel: heading, intro line and the manager (the labelled region the e2e finds by test id). */
function ManagerSection(props: { id: string; testId: string; title: string; intro: string; wide?: boolean; children: ReactNode }) {
  return (
    <section
      className={`${base.panel} ${styles.section}${props.wide ? ` ${styles.wide}` : ''}`}
      aria-labelledby={props.id}
      data-testid={props.testId}
    >
      <div>
        <h2 id={props.id} className={base.h2}>
          {props.title}
        </h2>
        <p className={base.muted}>{props.intro}</p>
      </div>
      {props.children}
    </section>
  );
}

export const generateMetadata = ({ params }: Props) => staffPageMetadata(params, 'adminSettings.meta', 'config');

/**
 * /admin/config — purchase minimums and maintenance (config:write), home carousel and footer tags
 * (categories:write), transports (transports:write). GET api/staff/settings answers 403 without any of
 * them (the guard then sends the visitor home) and says which parts this role may change.
 */
export default async function AdminConfigPage({ params }: Props) {
  const { need } = await staffRequest(params);
  const settings = need(await staffRead(shopSettingsSchema, staffApiPaths.settings), '/admin/config');
  const t = await getTranslations('adminSettings.config');
  const { can } = settings;
  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <ScopedMessages paths={ADMIN_CONFIG_CLIENT_MESSAGE_PATHS}>
        <div className={styles.sections}>
          {can.config ? (
            <Panel headingId="config-shop" title={t('shop')} className={styles.section}>
              <ConfigForm initial={settings.config} />
            </Panel>
          ) : null}
          {can.transports ? (
            <ManagerSection id="config-transports" testId="transports-section" title={t('transports')} intro={t('transportsIntro')}>
              <TransportsManager items={settings.transports} />
            </ManagerSection>
          ) : null}
          {can.catalogue ? (
            <ManagerSection id="config-carousel" testId="carousel-section" title={t('carousel')} intro={t('carouselIntro')} wide>
              <CarouselManager items={settings.carousel} />
            </ManagerSection>
          ) : null}
          {can.catalogue ? (
            <ManagerSection id="config-tags" testId="tags-section" title={t('tags')} intro={t('tagsIntro')} wide>
              <TagsManager items={settings.tags} />
            </ManagerSection>
          ) : null}
        </div>
      </ScopedMessages>
    </AdminPage>
  );
}
