import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { routing, type Locale } from '@/i18n/routing';
import { MAIN_CONTENT_ID } from '@/components/layout/SkipLink';
import { OrderDocument } from '@/components/admin/print/OrderDocument';
import { PrintButton } from '@/components/admin/print/PrintButton';
import styles from '@/components/admin/print/print.module.css';
import { staffGet } from '@/lib/admin/data';
import { parsePrintRequest, PRINT_DOCS, printHref } from '@/lib/admin/print';
import type { OrderDetail } from '@/lib/orders/types';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { staffRequest } from '@/components/admin/ui/staff-request';
import type { PageProps } from '@/components/layout/page-props';

export async function generateMetadata({ params }: Omit<PageProps, 'searchParams'>): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale: Locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'admin.print' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/**
 * /admin/print?doc=packing|budget|remit&orders=1,2,3 — printable documents for one order or many (issue 32,
 * item 3). Outside the shop's chrome (a bare route) and without the chat or forms: what the printer gets is
 * only the sheets. Each order comes from the staff API, which checks the role; orders it refuses are named.
 */
export default async function PrintPage({ params, searchParams }: PageProps) {
  const { need } = await staffRequest(params);
  const request = parsePrintRequest(await searchParams);
  if (!request) notFound();
  const t = await getTranslations('admin.print');
  const loads = await Promise.all(request.orderIds.map(async (id) => ({ id, load: await staffGet<OrderDetail>(staffApiPaths.order(id)) })));
  const next = printHref(request.doc, request.orderIds);
  // signed out or not staff at all: the usual redirects (login with next, or home)
  for (const { load } of loads) if (load.kind === 'signedOut' || load.kind === 'forbidden') need(load, next);
  const orders = loads.flatMap(({ load }) => (load.kind === 'ok' ? [load.data] : []));
  const missing = loads.filter(({ load }) => load.kind !== 'ok').map(({ id }) => `#${id}`);
  const printedAt = new Date();

  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.desk}>
      <nav className={styles.toolbar} aria-label={t('choose')}>
        <Link href={orders.length === 1 ? `/admin/orders/${orders[0]!.id}` : '/admin'}>← {t('back')}</Link>
        <span>{t('count', { count: orders.length })} ·</span>
        {PRINT_DOCS.map((d) => (
          <Link key={d} href={printHref(d, request.orderIds)} className={styles.docLink} aria-current={d === request.doc ? 'page' : undefined}>
            {t(`docs.${d}`)}
          </Link>
        ))}
        <PrintButton label={t('print')} className={styles.printButton} />
      </nav>
      {missing.length ? (
        <p className={styles.notice} role="status" data-testid="print-missing">
          {t('notFound', { count: missing.length, ids: missing.join(', ') })}
        </p>
      ) : null}
      {orders.map((o) => (
        <OrderDocument key={o.id} order={o} doc={request.doc} printedAt={printedAt} />
      ))}
    </main>
  );
}
