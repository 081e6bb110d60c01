import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { PRINT_DOCS, printHref } from '@/lib/admin/print';
import { canSendBudget, staffStateTargets } from '@/lib/admin/transitions';
import { formatPesos } from '@/lib/money';
import { appliesIibbMisiones } from '@/lib/orders/shipping';
import type { OrderDetail, OrderDocumentWire, OrderHistoryWire } from '@/lib/orders/types';
import { DocumentLink } from '@/components/orders/DocumentLink';
import { AddressLines } from '@/components/orders/AddressLines';
import { OrderChat } from '@/components/orders/OrderChat';
import { StateBadge } from '@/components/orders/StateBadge';
import { PaymentBadge } from '@/components/orders/PaymentBadge';
import { LiveRefresh } from '@/components/realtime/LiveRefresh';
import { BillUpload } from './BillUpload';
import { BudgetEditor } from './BudgetEditor';
import { RemitForm } from './RemitForm';
import { StateButtons } from './StateButtons';
import { OrderTeamPanel, type OrderTeamPanelProps } from './team/OrderTeamPanel';
import { PaymentPanel } from './PaymentPanel';
import { needsUnpaidConfirmation } from '@/lib/orders/payments';
import styles from './admin.module.css';
import { Panel } from './ui/Panel';
import { BackLink } from './ui/page';
import { ItemList, ListTable } from './ui/list';
import { TOTAL_KEYS, TotalsList } from './ui/Totals';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { lastValidDate, PAYMENT_DUE_STATES } from '@/lib/orders/deadlines';

type TimelineEntry = { at: string; key: string } & ({ type: 'state'; h: OrderHistoryWire } | { type: 'doc'; d: OrderDocumentWire });

/** State changes and documents in one list, oldest first (a state change before a document at the same instant). */
export function orderTimeline(order: Pick<OrderDetail, 'history' | 'documents'>): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...order.history.map((h, n) => ({ at: h.at, key: `h${n}`, type: 'state' as const, h })),
    ...order.documents.map((d) => ({ at: d.createdAt, key: `d${d.id}`, type: 'doc' as const, d })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at) || (a.type === b.type ? 0 : a.type === 'state' ? -1 : 1));
}

/**
 * One order for staff (server-rendered); the actions are small client islands that refresh the page, and
 * LiveRefresh re-renders it when the customer (or another staff member) changes the order.
 */
export function AdminOrder({ order, team }: { order: OrderDetail; team?: Pick<OrderTeamPanelProps, 'notes' | 'members' | 'viewerId'> }) {
  const t = useTranslations('admin.order');
  const tp = useTranslations('admin.print');
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
  const ts = useTranslations('orders');
  /** a deadline's last valid day in the shop's time zone (issue 24 §1) */
  const lastDay = (iso: string) => format.dateTime(lastValidDate(new Date(iso)), { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
  const c = order.customer;
  const proofs = order.documents.filter((d) => d.kind === 'proof');
  const timeline = orderTimeline(order);
  // staff by name; the customer as 'Cliente'; old rows without an actor as 'Sistema'
  const actorLabel = (actor: OrderHistoryWire['actor'], name: string | null | undefined) =>
    actor === 'customer' ? t('byCustomer') : actor === 'staff' ? (name ?? t('byStaffUnknown')) : t('bySystem');
  const a = order.address;
  const totals = (['totalPrice', ...TOTAL_KEYS] as const).map((k) => [t(k), formatPesos(order[k])] as const);

  return (
    <div className={styles.main}>
      <p>
        <BackLink href="/admin" label={t('back')} />
      </p>
      <header className={styles.orderHeader}>
        <h1 className={styles.title}>{t('title', { number: order.number })}</h1>
        <StateBadge state={order.state} />
        <PaymentBadge status={order.paymentStatus} />
        <span className={styles.muted}>{t('created', { date: when(order.createdAt) })}</span>
        <LiveRefresh orderId={order.id} labels={{ live: t('live'), offline: t('offline') }} />
        <nav className={styles.printLinks} aria-label={tp('printGroup')} data-testid="order-print">
          <span>{tp('printGroup')}:</span>
          {PRINT_DOCS.map((d) => (
            <Link key={d} href={printHref(d, [order.id])} prefetch={false}>
              {tp(`docs.${d}`)}
            </Link>
          ))}
        </nav>
      </header>
      {order.state === 'review' && order.budgetExpiresAt ? (
        <p className={order.budgetExpired ? styles.deadlineAlert : styles.muted} data-testid="admin-budget-deadline" data-expired={order.budgetExpired || undefined}>
          {order.budgetExpired ? t('budgetExpired', { fecha: lastDay(order.budgetExpiresAt) }) : t('validUntil', { fecha: lastDay(order.budgetExpiresAt) })}
          {order.budgetExpired && order.budgetUpdateRequestedAt ? <> {t('budgetRequested', { fecha: when(order.budgetUpdateRequestedAt) })}</> : null}
        </p>
      ) : null}
      {PAYMENT_DUE_STATES.includes(order.state) && order.paymentDueAt && order.paymentStatus !== 'paid' && proofs.length === 0 ? (
        <p className={styles.muted} data-testid="admin-payment-due">
          {t('paymentDue', { fecha: lastDay(order.paymentDueAt) })}
        </p>
      ) : null}

      {/* two columns on wide screens: the order's data and budget; actions, chat and history beside them */}
      <div className={styles.orderLayout}>
        <div className={styles.mainCol}>
          <div className={styles.infoGrid}>
            <Panel headingId="adm-customer" title={t('customer')}>
              {c ? (
                <p className={styles.name}>
                  {c.name} {c.lastname}
                </p>
              ) : null}
              {c ? (
                <dl className={styles.dl}>
                  <dt>{t('email')}</dt>
                  <dd>
                    <a href={`mailto:${c.email}`}>{c.email}</a>
                  </dd>
                  {c.contactNumber ? (
                    <>
                      <dt>{t('phone')}</dt>
                      <dd>{c.contactNumber}</dd>
                    </>
                  ) : null}
                </dl>
              ) : null}
            </Panel>

            <Panel headingId="adm-delivery" title={t('delivery')}>
              {order.toSucc ? (
                <p>{t('pickup')}</p>
              ) : (
                <dl className={styles.dl}>
                  <dt>{t('address')}</dt>
                  <dd>
                    {a ? <AddressLines address={a} /> : '—'}
                  </dd>
                  <dt>{t('transport')}</dt>
                  <dd>{order.transport?.name ?? order.otherTransport ?? t('noTransport')}</dd>
                </dl>
              )}
            </Panel>

            <Panel headingId="adm-billing" title={t('billing')}>
              {order.billingData ? (
                <p>
                  {order.billingData.taxCondition}
                  <br />
                  {order.billingData.documentType} {order.billingData.documentNumber}
                </p>
              ) : (
                <p>{t('noBilling')}</p>
              )}
              <div className={styles.proofBox} data-testid="order-proof">
                <h3 className={styles.h3}>{t('proof')}</h3>
                <ItemList items={proofs} empty={t('noProof')} className={styles.list}>
                  {(d) => (
                    <li key={d.id}>
                      <DocumentLink orderId={order.id} docId={d.id} fileName={d.fileName} label={d.fileName ?? t('docKinds.proof')} /> · {when(d.createdAt)}
                    </li>
                  )}
                </ItemList>
              </div>
            </Panel>
          </div>
          <Panel headingId="adm-items" title={t('items')}>
            {/* Scrolls sideways on phones (a focusable region). */}
            <ListTable
              empty=""
              rows={order.items.length}
              testId="order-items"
              region="adm-items"
              columns={[
                { label: t('colProduct') },
                { label: t('colSku') },
                ...(['colRequested', 'colQuantity', 'colUnitPrice', 'colLine'] as const).map((k) => ({ label: t(k), className: styles.num })),
              ]}
            >
              {order.items.map((i) => (
                <tr key={i.id} className={i.missing ? styles.missingRow : undefined}>
                  <td>
                    {i.name}
                    {i.variationName ? <span className={styles.sub}>{i.variationName}</span> : null}
                    {i.missing ? <span className={styles.flag}>{t('missing')}</span> : null}
                    {i.priceAdjusted ? <span className={styles.flag}>{t('adjusted')}</span> : null}
                  </td>
                  <td>{i.sku ?? '—'}</td>
                  <td className={styles.num}>{i.requestedQuantity}</td>
                  <td className={styles.num}>{i.quantity}</td>
                  <td className={`${styles.num} ${styles.nowrap}`}>{formatPesos(i.unitPrice)}</td>
                  <td className={`${styles.num} ${styles.nowrap}`}>{formatPesos(i.lineTotal)}</td>
                </tr>
              ))}
            </ListTable>
            <h3 className={styles.h3}>{t('totals')}</h3>
            <TotalsList rows={totals} testId="order-totals" />
          </Panel>
          <BudgetEditor
            key={`${order.id}-${order.updatedAt}`}
            orderId={order.id}
            items={order.items}
            bonus={order.bonus}
            allowed={canSendBudget(order.state)}
            iibbMisiones={appliesIibbMisiones({ toSucc: order.toSucc, province: order.address?.province })}
            pricing={order.pricing}
            labels={{
              colProduct: t('colProduct'),
              colRequested: t('colRequested'),
              colQuantity: t('colQuantity'),
              colUnitPrice: t('colUnitPrice'),
              colMissing: t('colMissing'),
              subtotal: t('subtotal'),
              bonus: t('bonus'),
              net: t('net'),
              vat: t('vat'),
              priceWithVat: t('priceWithVat'),
              iibb: t('iibb'),
              finalTotal: t('finalTotal'),
            }}
          />
          <Panel headingId="adm-docs" title={t('documents')}>
            <ItemList items={order.documents} empty={t('noDocuments')} className={styles.list} testId="order-documents">
              {(d) => (
                <li key={d.id}>
                  <strong>{t(`docKinds.${d.kind}`)}</strong> · {when(d.createdAt)}
                  {d.trackingNumber ? ` · ${t('tracking', { number: d.trackingNumber })}` : ''}
                  {d.fileUrl ? (
                    <>
                      {' '}
                      <DocumentLink orderId={order.id} docId={d.id} fileName={d.fileName} label={d.fileName ?? t(`docKinds.${d.kind}`)} />
                    </>
                  ) : null}
                </li>
              )}
            </ItemList>
          </Panel>
        </div>
        <aside className={styles.sideCol}>
          <StateButtons
            orderId={order.id}
            targets={staffStateTargets(order.state)}
            unpaidShipment={needsUnpaidConfirmation(order, 'shipped') ? order.paymentStatus : null}
          />
          <PaymentPanel order={order} />
          {/* the chat brings its own heading ('Mensajes') */}
          <div className={styles.chatBox}>
            <OrderChat orderId={order.id} staff={{ customerName: c ? `${c.name} ${c.lastname}`.trim() : t('byCustomer') }} />
          </div>
          {/* staff-only: the assignee and the internal notes (issue 32 item 4) */}
          {team ? <OrderTeamPanel orderId={order.id} assignee={order.assignee ?? null} {...team} /> : null}
          <Panel headingId="adm-history" title={t('history')}>
            <ol className={styles.timeline} data-testid="order-history">
              {timeline.map((e) => (
                <li key={e.key} data-testid="history-entry" data-type={e.type}>
                  <time dateTime={e.at}>{when(e.at)}</time>
                  <span className={styles.event}>
                    {e.type === 'state' ? (
                      <>
                        <StateBadge state={e.h.to} />
                        {e.h.from && e.h.from !== e.h.to ? <span className={styles.muted}>{t('from', { state: ts(`states.${e.h.from}.label`) })}</span> : null}
                        {e.h.reason ? <span data-testid="history-reason">“{e.h.reason}”</span> : null}
                      </>
                    ) : (
                      <strong>
                        {t(`events.${e.d.kind}`)}
                        {e.d.trackingNumber ? ` · ${t('tracking', { number: e.d.trackingNumber })}` : ''}
                      </strong>
                    )}
                    <span className={styles.who} data-testid="history-actor">
                      {actorLabel(e.type === 'state' ? e.h.actor : (e.d.actor ?? 'staff'), e.type === 'state' ? e.h.byName : e.d.byName)}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </Panel>
          <RemitForm orderId={order.id} />
          <BillUpload orderId={order.id} />
        </aside>
      </div>
    </div>
  );
}
