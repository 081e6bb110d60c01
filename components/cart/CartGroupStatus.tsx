'use client';

/**
 * For the product page's buy box: what this product stands at in the cart — "12 unidades en tu
 * carrito · $ 1.200,00 c/u (Pack x 12)" — and the nudge to the next tier. Nothing when none of its
 * children is in the cart (and nothing in the server HTML). Announced politely as it changes.
 */
import { useTranslations } from 'next-intl';
import { formatCents } from '@/lib/money';
import { useCartGroup } from './CartProvider';
import styles from './CartGroupStatus.module.css';

export function CartGroupStatus({ fatherId }: { fatherId: number }) {
  const t = useTranslations('cart');
  const group = useCartGroup(fatherId);
  return (
    <div className={styles.status} aria-live="polite" data-testid="cart-group-status">
      {group ? (
        <>
          <p className={styles.line}>
            <span>{t('status.inCart', { count: group.totalUnits })}</span>
            {group.tier ? (
              <strong className={styles.tier} data-testid="cart-group-tier">
                {t('status.tier', { price: formatCents(group.tier.price), name: group.tier.name })}
              </strong>
            ) : null}
          </p>
          {group.nextTier ? (
            <p className={styles.nudge}>
              {t('group.nudge', { count: group.nextTier.missingUnits, price: formatCents(group.nextTier.price) })}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

