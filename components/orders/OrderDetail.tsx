/**
 * The order detail (spec §2 Orders list and order detail, §3 Order): state and history, items, totals,
 * remit, budget, bill, proof of transfer upload, bank transfer data, additions. Server component; the
 * actions are client islands.
 */
import { getFormatter, getNow, getTranslations } from 'next-intl/server';
import type { Order, OrderDocument } from '@/lib/api/orders';
import { formatPesos } from '@/lib/money';
import { lineView } from '@/lib/orders/lines';
import { BANK } from '@/lib/seo/business';
import { formatDocumentNumber } from '@/lib/validation/cuit';
import { Link } from '@/i18n/navigation';
import { StateBadge } from './StateBadge';
import { OrderActions } from './OrderActions';
import { RequestBudget } from './RequestBudget';
import { lastValidDate, PAYMENT_DUE_STATES } from '@/lib/orders/deadlines';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { ProofUpload } from './ProofUpload';
import { CopyButton } from './CopyButton';
import { DocumentLink } from './DocumentLink';
import { AddProducts } from './AddProducts';
import { CartProvider } from '@/components/cart/CartProvider';
import { OrderChat } from './OrderChat';
import { ClosingReason, OrderPayment } from './OrderPayment';
import { PaymentBadge } from './PaymentBadge';
import { LiveRefresh } from '@/components/realtime/LiveRefresh';
import { ReorderButton } from '@/components/wholesale/ReorderButton';
import styles from './orders.module.css';
import { TableHead } from '@/components/ui/TableHead';
import { Fact } from '@/components/ui/Fact';

export async function OrderDetail({ order }: { order: Order }) {
  const t = await getTranslations('orders');
  const tpay = await getTranslations('payments');
  const format = await getFormatter();
  const now = await getNow();
  /** A deadline's last valid day, in the shop's time zone ("Válido hasta {fecha}"). */
  const lastDay = (iso: string) => format.dateTime(lastValidDate(new Date(iso)), { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
  const when = (iso: string | null) =>
    iso ? <time dateTime={iso}>{format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })}</time> : null;
  const docs = (kind: OrderDocument['kind']) => order.documents.filter((d) => d.kind === kind);
  const remits = docs('remit');
  const budgets = docs('budget');
  const bills = docs('bill');
  const proofs = docs('proof');
  const shipping = order.toSucc
    ? t('detail.pickup')
    : [order.otherTransport ?? order.transport?.name, order.address ? `${order.address.street} ${order.address.number}, ${order.address.city}, ${order.address.province}` : null]
        .filter(Boolean)
        .join(' — ');
  const bank = [
    { key: 'bank', value: BANK.bank, copy: false },
    { key: 'accountType', value: BANK.accountType, copy: false },
    { key: 'accountNumber', value: BANK.accountNumber, copy: true },
    { key: 'accountName', value: BANK.accountName, copy: false },
    { key: 'cbu', value: BANK.cbu, copy: true },
    { key: 'alias', value: BANK.alias, copy: true },
  ] as const;

  return (
    <article className={styles.detail} data-testid="order-detail" data-order-id={order.id} data-state={order.state}>
      <header className={styles.detailHead}>
        <p className={styles.back}>
          <Link href="/orders">
            <span aria-hidden="true">←</span> {t('detail.backToList')}
          </Link>
        </p>
        <div className={styles.titleRow}>
          <h1 className={styles.detailTitle}>{t('detail.title', { number: order.number })}</h1>
          <StateBadge state={order.state} />
          <LiveRefresh orderId={order.id} />
          {order.customer ? null : (
            <span className={styles.titleAction}>
              <ReorderButton orderId={order.id} number={order.number} />
            </span>
          )}
        </div>
        <p className={styles.stateText}>{t(`states.${order.state}.description`)}</p>
        <dl className={styles.facts}>
          {order.createdAt ? (
            <Fact label={t('detail.created')}>{when(order.createdAt)}</Fact>
          ) : null}
          {order.budgetSentAt ? (
            <Fact label={t('detail.budgetSent')}>{when(order.budgetSentAt)}</Fact>
          ) : null}
          {order.confirmedAt ? (
            <Fact label={t('detail.confirmed')}>{when(order.confirmedAt)}</Fact>
          ) : null}
          <Fact label={tpay('customer.title')}>
            <PaymentBadge status={order.paymentStatus} />
          </Fact>
          <Fact label={t('detail.shipping')}>{shipping || t('detail.none')}</Fact>
          {order.billingData ? (
            <Fact label={t('detail.billing')}>
              {order.billingData.taxCondition} · {order.billingData.documentType}{' '}
              {formatDocumentNumber(order.billingData.documentType, order.billingData.documentNumber)}
            </Fact>
          ) : null}
          {order.missingStatus !== 'complete' ? (
            <Fact label={t('detail.missing')}>{t(`missing.${order.missingStatus}`)}</Fact>
          ) : null}
        </dl>
      </header>

      <ClosingReason order={order} />

      {order.state === 'review' ? (
        <section
          className={`${styles.box} ${order.budgetExpired ? styles.expiredBox : styles.highlight}`}
          aria-labelledby="order-budget-title"
          data-testid="order-budget"
          data-expired={order.budgetExpired || undefined}
        >
          <h2 id="order-budget-title" className={styles.boxTitle}>
            {t('budget.title')}
          </h2>
          <p>{t('budget.text', { total: formatPesos(order.finalTotal) })}</p>
          {order.budgetExpiresAt && !order.budgetExpired ? (
            <p className={styles.validUntil} data-testid="budget-valid-until">
              {t('budget.validUntil', { fecha: lastDay(order.budgetExpiresAt) })}
            </p>
          ) : null}
          {order.budgetExpiresAt && order.budgetExpired ? (
            <p className={styles.expiredNote} data-testid="budget-expired">
              {t('budget.expired', { fecha: lastDay(order.budgetExpiresAt) })}
            </p>
          ) : null}
          {order.budgetUpdateRequestedAt ? (
            <p className={styles.muted} data-testid="budget-requested">
              {t('budget.requested', { fecha: day(order.budgetUpdateRequestedAt) })}
            </p>
          ) : null}
          {order.actions.requestBudget ? <RequestBudget orderId={order.id} /> : null}
          <OrderActions orderId={order.id} actions={order.actions} inReview />
        </section>
      ) : order.actions.cancel || order.actions.finish ? (
        <section className={styles.box} aria-labelledby="order-actions-title">
          <h2 id="order-actions-title" className={styles.boxTitle}>
            {t('actions.title')}
          </h2>
          <OrderActions orderId={order.id} actions={order.actions} inReview={false} />
        </section>
      ) : null}

      <div className={styles.detailGrid}>
        <div className={styles.detailMain}>
          <section className={styles.box} aria-labelledby="order-items-title">
            <h2 id="order-items-title" className={styles.boxTitle}>
              {t('items.title')}
            </h2>
            <table className={styles.items}>
              <TableHead
                columns={[
                  { label: t('items.product') },
                  { label: t('items.requested'), num: true },
                  { label: t('items.delivered'), num: true },
                  { label: t('items.missing'), num: true },
                  { label: t('items.lineTotal'), num: true },
                ]}
              />
              <tbody>
                {order.items.map((i) => {
                  const line = lineView(i);
                  return (
                    <tr
                      key={i.id}
                      data-testid="order-item"
                      data-requested={line.requested}
                      data-delivered={line.delivered}
                      data-missing={line.missingUnits}
                      className={line.missingUnits > 0 ? styles.itemShort : undefined}
                    >
                      <th scope="row" className={styles.itemName}>
                        {i.name}
                        {i.variationName ? <span className={styles.variation}>{i.variationName}</span> : null}
                        <span className={styles.variation}>{t('items.each', { price: formatPesos(i.unitPrice) })}</span>
                      </th>
                      <td className={styles.num} data-label={t('items.requested')}>
                        {line.requested}
                      </td>
                      <td className={styles.num} data-label={t('items.delivered')}>
                        {line.delivered}
                      </td>
                      <td className={styles.num} data-label={t('items.missing')}>
                        {line.missingUnits > 0 ? line.missingUnits : '—'}
                      </td>
                      <td className={styles.num} data-label={t('items.lineTotal')} data-testid="order-item-total">
                        {formatPesos(line.deliveredTotal)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <dl className={styles.totals} data-testid="order-totals">
              {order.totalBoxes > 0 ? (
                <Fact label={t('totals.boxes')}>{order.totalBoxes}</Fact>
              ) : null}
              {order.totalPrice !== order.subtotal ? (
                <Fact label={t('totals.ordered')} testId="order-ordered-total">{formatPesos(order.totalPrice)}</Fact>
              ) : null}
              <Fact label={t('totals.subtotal')} testId="order-subtotal">{formatPesos(order.subtotal)}</Fact>
              {order.bonus > 0 ? (
                <Fact label={t('totals.bonus')}>−{formatPesos(order.bonus)}</Fact>
              ) : null}
              <Fact label={t('totals.vat')}>{formatPesos(order.vat)}</Fact>
              {order.iibb > 0 ? (
                <Fact label={t('totals.iibb')}>{formatPesos(order.iibb)}</Fact>
              ) : null}
              <Fact label={t('totals.final')} className={styles.grand} testId="order-final-total">
                {formatPesos(order.finalTotal)}
              </Fact>
            </dl>
          </section>

          {order.actions.add ? (
            <section className={styles.box} aria-labelledby="order-add-title">
              <h2 id="order-add-title" className={styles.boxTitle}>
                {t('add.title')}
              </h2>
              <CartProvider>
                <AddProducts orderId={order.id} remaining={order.additions.remaining} />
              </CartProvider>
            </section>
          ) : null}

          <section className={styles.box} aria-labelledby="order-history-title">
            <h2 id="order-history-title" className={styles.boxTitle}>
              {t('history.title')}
            </h2>
            {order.history.length === 0 ? (
              <p className={styles.muted}>{t('history.empty')}</p>
            ) : (
              <ol className={styles.timeline} data-testid="order-history">
                {order.history.map((h, i) => (
                  <li key={`${h.to}-${h.at}-${i}`} className={styles.timelineItem}>
                    <span className={styles.timelineDot} aria-hidden="true" />
                    <StateBadge state={h.to} /> <span className={styles.muted}>{when(h.at || null)}</span>
                    {h.reason ? <span className={styles.variation}>{h.reason}</span> : null}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {/* The order chat ("Mensajes", spec §2). */}
          <OrderChat orderId={order.id} />
        </div>

        <aside className={styles.detailSide}>
          <OrderPayment order={order} />
          <section className={styles.box} aria-labelledby="order-docs-title">
            <h2 id="order-docs-title" className={styles.boxTitle}>
              {t('documents.title')}
            </h2>
            <dl className={styles.docs}>
              <Fact label={t('documents.remit')} testId="order-remit">
                {remits.length === 0
                  ? t('documents.remitPending')
                  : remits.map((r) => (
                      <span key={r.id} className={styles.docLine}>
                        {r.trackingNumber ? t('documents.tracking', { number: r.trackingNumber }) : t('documents.remitNoNumber')}
                        {r.fileUrl ? <DocumentLink orderId={order.id} docId={r.id} fileName={r.fileName} label={t('documents.download')} /> : null}
                      </span>
                    ))}
              </Fact>
              <Fact label={t('documents.budget')}>
                {budgets.length === 0
                  ? t('documents.none')
                  : budgets.map((b) => (
                      <span key={b.id} className={styles.docLine}>
                        {t('documents.sentOn')} {when(b.createdAt)}
                        {b.fileUrl ? <DocumentLink orderId={order.id} docId={b.id} fileName={b.fileName} label={t('documents.download')} /> : null}
                      </span>
                    ))}
              </Fact>
              <Fact label={t('documents.bill')} testId="order-bill">
                {bills.length === 0
                  ? t('documents.none')
                  : bills.map((b) => (
                      <span key={b.id} className={styles.docLine}>
                        <DocumentLink orderId={order.id} docId={b.id} fileName={b.fileName} label={t('documents.downloadBill')} />
                      </span>
                    ))}
              </Fact>
            </dl>
          </section>

          {!order.toSucc || proofs.length > 0 ? (
            <section className={styles.box} aria-labelledby="order-pay-title">
              <h2 id="order-pay-title" className={styles.boxTitle}>
                {t('bank.title')}
              </h2>
              <p className={styles.muted}>{t('bank.text')}</p>
              {order.paymentDueAt && PAYMENT_DUE_STATES.includes(order.state) && proofs.length === 0 && order.paymentStatus !== 'paid' ? (
                <p className={styles.validUntil} data-testid="payment-due">
                  {t(new Date(order.paymentDueAt).getTime() <= now.getTime() ? 'payment.overdue' : 'payment.dueBy', { fecha: lastDay(order.paymentDueAt) })}
                </p>
              ) : null}
              <dl className={styles.bank} data-testid="bank-data">
                {bank.map((b) => (
                  <Fact key={b.key} label={t(`bank.${b.key}`)}>
                    <span className={styles.bankValue}>{b.value}</span>
                    {b.copy ? <CopyButton value={b.value} what={t(`bank.${b.key}`)} /> : null}
                  </Fact>
                ))}
              </dl>
              <h3 className={styles.subTitle}>{t('proof.title')}</h3>
              {proofs.length > 0 ? (
                <ul className={styles.proofs} data-testid="proof-list">
                  {proofs.map((p) => (
                    <li key={p.id}>
                      <DocumentLink orderId={order.id} docId={p.id} fileName={p.fileName} label={p.fileName ?? t('proof.file', { id: p.id })} />{' '}
                      <span className={styles.muted}>{when(p.createdAt)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.muted}>{t('proof.none')}</p>
              )}
              {order.actions.uploadProof ? <ProofUpload orderId={order.id} /> : null}
            </section>
          ) : null}
        </aside>
      </div>
    </article>
  );
}
