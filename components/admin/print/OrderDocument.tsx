import { useFormatter, useTranslations } from 'next-intl';
import { AddressLines } from '@/components/orders/AddressLines';
import type { PrintDoc } from '@/lib/admin/print';
import { formatPesos } from '@/lib/money';
import type { OrderDetail } from '@/lib/orders/types';
import { CONTACT } from '@/lib/seo/business';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import styles from './print.module.css';
import { TOTAL_KEYS, TotalsList } from '../ui/Totals';

/**
 * One printed document for one order (issue 32, item 3), a sheet of its own when several are printed:
 * - packing: what to put in the boxes — SKU, product, units to deliver, missing lines marked, a tick column,
 *   the customer, the delivery and transport, signatures of who prepared and who checked;
 * - budget: the lines with prices and the totals the customer accepts;
 * - remit: the goods delivered without prices, with the receiver's signature.
 * Server component: no JavaScript ships with it.
 */
export function OrderDocument({ order, doc, printedAt }: { order: OrderDetail; doc: PrintDoc; printedAt: Date }) {
  const t = useTranslations('admin.print');
  const to = useTranslations('admin.order');
  const ts = useTranslations('orders');
  const format = useFormatter();
  const date = (d: Date | string, time = false) =>
    format.dateTime(new Date(d), time ? { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE } : { dateStyle: 'short', timeZone: SHOP_TIME_ZONE });
  const c = order.customer;
  const a = order.address;
  const delivered = order.items.filter((i) => !i.missing);
  const missing = order.items.length - delivered.length;
  const lines = doc === 'remit' ? delivered : order.items;
  const withPrices = doc === 'budget';
  // IIBB only where it was charged (the page shows a zero; paper need not)
  const totals = TOTAL_KEYS.filter((k) => k !== 'iibb' || order.iibb).map((k) => [to(k), formatPesos(order[k])] as const);

  return (
    <article className={styles.sheet} data-testid="print-sheet" data-doc={doc} data-order={order.number} aria-labelledby={`print-${order.id}`}>
      <header className={styles.head}>
        <div>
          <p className={styles.shop}>Aromas del Alma</p>
          <p className={styles.small}>
            {CONTACT.street}, {CONTACT.city} · {CONTACT.whatsappDisplay} · {CONTACT.email}
          </p>
        </div>
        <div className={styles.headRight}>
          <h1 id={`print-${order.id}`} className={styles.title}>
            {t(`docs.${doc}`)}{' '}
            <span className={styles.number}>{t('number', { number: order.number })}</span>
          </h1>
          <p className={styles.small}>
            {t('orderDate', { date: date(order.createdAt) })} · {t('state', { state: ts(`states.${order.state}.label`) })}
            <br />
            {t('printedAt', { date: date(printedAt, true) })}
          </p>
        </div>
      </header>

      <div className={styles.parties}>
        <section>
          <h2 className={styles.h2}>{to('customer')}</h2>
          {c ? (
            <p>
              <strong>
                {c.name} {c.lastname}
              </strong>
              <br />
              {c.email}
              {c.contactNumber ? (
                <>
                  <br />
                  {c.contactNumber}
                </>
              ) : null}
            </p>
          ) : null}
          {order.billingData ? (
            <p className={styles.small}>
              {order.billingData.taxCondition} · {order.billingData.documentType} {order.billingData.documentNumber}
            </p>
          ) : null}
        </section>
        <section>
          <h2 className={styles.h2}>{to('delivery')}</h2>
          {order.toSucc ? (
            <p>{to('pickup')}</p>
          ) : (
            <p>
              {a ? <AddressLines address={a} /> : '—'}
              <br />
              {to('transport')}: <strong>{order.transport?.name ?? order.otherTransport ?? to('noTransport')}</strong>
            </p>
          )}
        </section>
      </div>

      <table className={styles.table}>
        <thead>
          <tr>
            {doc === 'packing' ? <th scope="col" className={styles.tick}>{t('colDone')}</th> : null}
            <th scope="col">{to('colSku')}</th>
            <th scope="col">{to('colProduct')}</th>
            {doc === 'packing' ? (
              <th scope="col" className={styles.num}>
                {to('colRequested')}
              </th>
            ) : null}
            <th scope="col" className={styles.num}>
              {to('colQuantity')}
            </th>
            {withPrices ? (
              <>
                <th scope="col" className={styles.num}>
                  {to('colUnitPrice')}
                </th>
                <th scope="col" className={styles.num}>
                  {to('colLine')}
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((i) => (
            <tr key={i.id} className={i.missing ? styles.missing : undefined} data-testid="print-line">
              {doc === 'packing' ? <td className={styles.tick}>{i.missing ? '' : '☐'}</td> : null}
              <td className={styles.sku}>{i.sku ?? '—'}</td>
              <td>
                {i.name}
                {i.variationName ? ` – ${i.variationName}` : ''}
                {i.missing ? <strong className={styles.mark}> {t('missingMark')}</strong> : null}
              </td>
              {doc === 'packing' ? <td className={styles.num}>{i.requestedQuantity}</td> : null}
              <td className={styles.num}>
                <strong>{i.quantity}</strong>
              </td>
              {withPrices ? (
                <>
                  <td className={styles.num}>{formatPesos(i.unitPrice)}</td>
                  <td className={styles.num}>{formatPesos(i.lineTotal)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>

      <p className={styles.summary} data-testid="print-summary">
        {t('summary', { units: order.totalUnits, lines: delivered.length })}
        {order.totalBoxes ? ` · ${t('boxes', { count: order.totalBoxes })}` : ''}
        {missing && doc !== 'remit' ? ` · ${t('missingCount', { count: missing })}` : ''}
      </p>

      {withPrices ? (
        <>
          <TotalsList rows={totals} className={styles.totals} strongClass={styles.strong} />
          <p className={styles.small}>{t('budgetNote')}</p>
        </>
      ) : null}

      {doc === 'packing' ? (
        <div className={styles.signatures}>
          <p>{t('boxesBlank')}</p>
          <p>{t('signPrepared')}: ____________________</p>
          <p>{t('signChecked')}: ____________________</p>
        </div>
      ) : null}
      {doc === 'remit' ? (
        <div className={styles.signatures}>
          <p>{t('boxesBlank')}</p>
          <p className={styles.receiver}>{t('signReceived')}</p>
          <p className={styles.small}>{t('remitNote')}</p>
        </div>
      ) : null}
    </article>
  );
}
