import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { ADMIN_SEARCH_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { SynonymsManager } from '@/components/admin/search/SynonymsManager';
import base from '@/components/admin/admin.module.css';
import styles from '@/components/admin/search/search.module.css';
import { staffRead } from '@/lib/admin/data';
import { searchAdminSchema, type SearchReportRow } from '@/lib/contracts/staff-search';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffPageMetadata } from '@/components/admin/ui/metadata';
import { AdminPage } from '@/components/admin/ui/page';
import { Panel } from '@/components/admin/ui/Panel';
import { ListTable } from '@/components/admin/ui/list';
import { staffRequest } from '@/components/admin/ui/staff-request';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ add?: string }> };

export const generateMetadata = ({ params }: Props) => staffPageMetadata(params, 'adminSearch');

/**
 * /admin/search (products:write): what shoppers searched in the last 30 days — the top searches and the
 * top searches that found nothing — and the synonym groups the search expands words with. A search
 * without results links to the add-synonym row, prefilled with it.
 */
export default async function AdminSearchPage({ params, searchParams }: Props) {
  const { need } = await staffRequest(params);
  const { add } = await searchParams;
  const data = need(await staffRead(searchAdminSchema, staffApiPaths.search(30)), '/admin/search');
  const t = await getTranslations('adminSearch');

  const table = (id: string, rows: SearchReportRow[], withAdd: boolean) => (
    <ListTable
      empty={t('report.empty')}
      rows={rows.length}
      labelledBy={id}
      columns={[
        { label: t('report.query') },
        { label: t('report.searches'), className: styles.number },
        { label: t('report.results'), className: styles.number },
        ...(withAdd ? [{ label: t('report.action') }] : []),
      ]}
    >
      {rows.map((r) => (
        <tr key={r.query}>
          <td>
            <Link href={`/products?query=${encodeURIComponent(r.query)}`} prefetch={false}>
              {r.query}
            </Link>
          </td>
          <td className={styles.number}>{r.searches}</td>
          <td className={`${styles.number} ${r.results === 0 ? styles.zero : ''}`}>{r.results}</td>
          {withAdd ? (
            <td>
              <Link href={`/admin/search?add=${encodeURIComponent(r.query)}#synonyms`} prefetch={false}>
                {t('report.addSynonym')}
              </Link>
            </td>
          ) : null}
        </tr>
      ))}
    </ListTable>
  );

  return (
    <AdminPage title={t('title')} intro={t('intro', { days: data.days })}>
      <div className={styles.sections}>
        <div className={styles.reports}>
          <Panel headingId="search-top" title={t('report.top')} testId="search-top">
            {table('search-top', data.top, false)}
          </Panel>
          <Panel headingId="search-none" title={t('report.noResults')} testId="search-no-results">
            <p className={base.muted}>{t('report.noResultsIntro')}</p>
            {table('search-none', data.noResults, true)}
          </Panel>
        </div>
        <Panel headingId="synonyms-title" title={t('synonyms.title')} id="synonyms" testId="synonyms-section">
          <p className={base.muted}>{t('synonyms.intro')}</p>
          <ScopedMessages paths={ADMIN_SEARCH_CLIENT_MESSAGE_PATHS}>
            <SynonymsManager items={data.synonyms} suggested={add?.slice(0, 40)} />
          </ScopedMessages>
        </Panel>
      </div>
    </AdminPage>
  );
}
