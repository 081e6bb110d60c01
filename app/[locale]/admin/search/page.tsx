import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { ADMIN_SEARCH_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { SynonymsManager, type SynonymGroup } from '@/components/admin/search/SynonymsManager';
import base from '@/components/admin/admin.module.css';
import styles from '@/components/admin/search/search.module.css';
import { staffGet } from '@/lib/admin/data';
import { requireStaffData } from '@/lib/admin/guard';
import { staffApiPaths } from '@/lib/api/staff-paths';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ add?: string }> };

type ReportRow = { query: string; searches: number; results: number };
type SearchAdmin = { days: number; synonyms: SynonymGroup[]; top: ReportRow[]; noResults: ReportRow[] };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: 'adminSearch' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * /admin/search (products:write): what shoppers searched in the last 30 days — the top searches and the
 * top searches that found nothing — and the synonym groups the search expands words with. A search
 * without results links to the add-synonym row, prefilled with it.
 */
export default async function AdminSearchPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const { add } = await searchParams;
  setRequestLocale(locale);
  const data = requireStaffData(await staffGet<SearchAdmin>(staffApiPaths.search(30)), locale as Locale, '/admin/search');
  const t = await getTranslations('adminSearch');

  const table = (id: string, rows: ReportRow[], withAdd: boolean) =>
    rows.length === 0 ? (
      <p className={base.empty}>{t('report.empty')}</p>
    ) : (
      <div className={base.tableWrap}>
        <table className={base.table} aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{t('report.query')}</th>
              <th scope="col" className={styles.number}>
                {t('report.searches')}
              </th>
              <th scope="col" className={styles.number}>
                {t('report.results')}
              </th>
              {withAdd ? <th scope="col">{t('report.action')}</th> : null}
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    );

  return (
    <div className={base.main}>
      <div>
        <h1 className={base.title}>{t('title')}</h1>
        <p className={base.muted}>{t('intro', { days: data.days })}</p>
      </div>
      <div className={styles.sections}>
        <div className={styles.reports}>
          <section className={base.panel} aria-labelledby="search-top" data-testid="search-top">
            <h2 id="search-top" className={base.h2}>
              {t('report.top')}
            </h2>
            {table('search-top', data.top, false)}
          </section>
          <section className={base.panel} aria-labelledby="search-none" data-testid="search-no-results">
            <h2 id="search-none" className={base.h2}>
              {t('report.noResults')}
            </h2>
            <p className={base.muted}>{t('report.noResultsIntro')}</p>
            {table('search-none', data.noResults, true)}
          </section>
        </div>
        <section className={base.panel} aria-labelledby="synonyms-title" id="synonyms" data-testid="synonyms-section">
          <h2 id="synonyms-title" className={base.h2}>
            {t('synonyms.title')}
          </h2>
          <p className={base.muted}>{t('synonyms.intro')}</p>
          <ScopedMessages paths={ADMIN_SEARCH_CLIENT_MESSAGE_PATHS}>
            <SynonymsManager items={data.synonyms} suggested={add?.slice(0, 40)} />
          </ScopedMessages>
        </section>
      </div>
    </div>
  );
}
