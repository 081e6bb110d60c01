'use client';

/** The last step: the cart's lines with tier-applied prices, the chosen data, taxes, minimums and 'Enviar pedido'. */
import { useTranslations } from 'next-intl';
import type { CartGroupView } from '@/lib/cart';
import { formatCents } from '@/lib/money';
import { Button } from '@/components/ui/Button';
import { TableHead } from '@/components/ui/TableHead';
import { computeSummary } from './summary';
import type { DeliveryType } from './steps';
import styles from './checkout.module.css';
import { Fact } from '@/components/ui/Fact';

export interface SummaryViewProps {
  groups: readonly CartGroupView[];
  delivery: DeliveryType;
  province: string | null;
  minOrderPrice: number;
  minLocalPrice: number;
  details: { label: string; value: string }[];
  sending: boolean;
  onSend: () => void;
}

export function SummaryView({ groups, delivery, province, minOrderPrice, minLocalPrice, details, sending, onSend }: SummaryViewProps) {
  const t = useTranslations('checkout.summary');
  const lines = groups.flatMap((g) => g.lines.flatMap((l) => (l.priced ? [l.priced] : [])));
  const s = computeSummary({ lines, delivery, province, minOrderPrice, minLocalPrice });

  return (
    <div className={styles.summary} data-testid="checkout-summary">
      <dl className={styles.details}>
        {details.map((d) => (
          <Fact key={d.label} label={d.label}>
            {d.value}
          </Fact>
        ))}
      </dl>

      <table className={styles.lines}>
        <caption className="visually-hidden">{t('linesCaption')}</caption>
        <TableHead
          columns={[
            { label: t('product') },
            { label: t('quantity'), num: true },
            { label: t('unitPrice'), num: true },
            { label: t('lineTotal'), num: true },
          ]}
        />
        <tbody>
          {groups.flatMap((g) =>
            g.lines
              .filter((l) => l.priced)
              .map(({ item, priced }) => (
                <tr key={item.id}>
                  <th scope="row" className={styles.lineName}>
                    {g.fatherName && g.fatherName !== item.cartName ? (
                      <>
                        {g.fatherName} <span className={styles.variation}>{item.cartName}</span>
                      </>
                    ) : (
                      item.cartName
                    )}
                    {priced!.tier ? <span className={styles.tier}>{t('tierApplied')}</span> : null}
                  </th>
                  <td className={styles.num}>{priced!.units}</td>
                  <td className={styles.num}>
                    {priced!.unitPrice < priced!.regularPrice ? <s className={styles.struck}>{formatCents(priced!.regularPrice)}</s> : null}{' '}
                    {formatCents(priced!.unitPrice)}
                  </td>
                  <td className={styles.num}>{formatCents(priced!.lineTotal)}</td>
                </tr>
              )),
          )}
        </tbody>
      </table>

      <dl className={styles.totals}>
        <Fact label={t('subtotal')} testId="summary-subtotal">{formatCents(s.subtotalCents)}</Fact>
        {s.vatCents > 0 ? (
          <Fact label={t('vat')} testId="summary-vat">{formatCents(s.vatCents)}</Fact>
        ) : null}
        {s.iibbCents > 0 ? (
          <Fact label={t('iibb')} testId="summary-iibb">{formatCents(s.iibbCents)}</Fact>
        ) : null}
        <Fact label={t('total')} className={styles.grand} testId="summary-total">{formatCents(s.totalCents)}</Fact>
      </dl>
      <p className={styles.muted}>{t('estimateNote')}</p>

      {!s.meetsMinimum ? (
        <p className={styles.warning} role="alert" data-testid="summary-minimum">
          {t(`below.${s.zone}`, {
            minimum: formatCents(s.minimumCents),
            missing: formatCents(s.missingCents),
          })}
        </p>
      ) : null}

      {/* A send the API would refuse (below the minimum) is not offered. */}
      <Button block onClick={onSend} disabled={sending || !s.meetsMinimum} data-testid="checkout-send">
        {sending ? t('sending') : t('send')}
      </Button>
    </div>
  );
}
