'use client';

/**
 * The order minimum as it will apply (spec §5 Ordering: pickup → minLocalPrice; CABA → minOrderPrice;
 * interior → minOrderPrice + 21 % IVA), shown by the cart and by every checkout step from the same
 * standing (lib/orders minimumStanding — the function the API enforces). Until the destination is known
 * it lists every minimum the order may still meet; once it is, only the one that applies.
 */
import { useTranslations } from 'next-intl';
import { formatCents } from '@/lib/money';
import type { MinimumStanding } from '@/lib/orders/shipping';
import styles from './CartView.module.css';

export function MinimumNotice({ standing, testId = 'minimum-notice' }: { standing: MinimumStanding; testId?: string }) {
  const t = useTranslations('cart.minimum');
  const { applies, checks } = standing;
  const short = applies ? !applies.ok : checks.some((c) => !c.ok);
  const warn = !standing.canSend;
  return (
    <div
      className={`${styles.notice} ${warn ? styles.noticeWarn : styles.noticeInfo}`}
      data-testid={testId}
      data-zone={applies?.zone ?? 'unknown'}
      data-ok={applies ? String(applies.ok) : undefined}
      role={warn ? 'status' : undefined}
    >
      <p className={styles.noticeTitle}>{applies ? (applies.ok ? t('reachedTitle') : t('title')) : t('byDelivery')}</p>
      <ul className={styles.noticeList}>
        {checks.map((c) => (
          <li key={c.zone} data-testid="minimum-rule" data-zone={c.zone} data-ok={String(c.ok)}>
            {t('rule', { zone: t(`zones.${c.zone}`), minimum: formatCents(c.requiredCents, { decimals: 0 }), vat: c.includesVat ? 'yes' : 'no' })}
            {' — '}
            {c.ok ? t('reached') : t('missing', { missing: formatCents(c.shortByCents) })}
          </li>
        ))}
      </ul>
      {!applies && short ? <p className={styles.noticeHint}>{t('chooseHint')}</p> : null}
    </div>
  );
}
