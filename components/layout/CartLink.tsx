'use client';
import { useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { formatPesos } from '@/lib/money';
import { CartIcon } from '@/components/ui/icons';
import { CART_CHANGE_EVENT, readCartSummary } from './cart-summary';
import styles from './CartLink.module.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// A string snapshot, so React compares by value.
const getSnapshot = (): string => {
  const { total, quantity } = readCartSummary(storage());
  return `${total}|${quantity}`;
};
const getServerSnapshot = (): string => '0|0';

/** Cart link with the cart total and a unit-count badge, live from localStorage (this tab and others). */
export function CartLink({ compact = false }: { compact?: boolean }) {
  const t = useTranslations('common.cart');
  const [totalText, quantityText] = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot).split('|');
  const total = Number(totalText);
  const quantity = Number(quantityText);
  const formatted = formatPesos(total);
  return (
    <Link href="/cart" className={styles.cart} aria-label={t('label', { total: formatted, count: quantity })}>
      <span className={styles.cartIcon}>
        <CartIcon />
        {quantity > 0 ? (
          <span className={styles.cartBadge} aria-hidden="true">
            {quantity > 999 ? '999+' : quantity}
          </span>
        ) : null}
      </span>
      {compact ? null : (
        <span className={styles.cartTotal} aria-hidden="true">
          {formatted}
        </span>
      )}
    </Link>
  );
}
