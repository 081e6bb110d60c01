'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { CartGroupView, CartLineView } from '@/lib/cart';
import { formatCents, toCents } from '@/lib/money';
import { FallbackImage } from '@/components/product/FallbackImage';
import { imageSrc } from '@/components/ui/image-src';
import { TrashIcon } from '@/components/ui/icons';
import { CartQuantityField } from './CartQuantityField';
import styles from './CartView.module.css';

export interface CartGroupProps {
  group: CartGroupView;
  onRemoveLine: (line: CartLineView) => void;
  onRemoveGroup: (group: CartGroupView) => void;
}

/** A parent product with its lines (variations, or the simple product itself), tier and nudge. */
export function CartGroup({ group, onRemoveLine, onRemoveGroup }: CartGroupProps) {
  const t = useTranslations('cart');
  const first = group.lines[0]?.item;
  const image = imageSrc(group.lines.find((l) => l.item.image)?.item.image);
  const headingId = `cart-group-${group.fatherId}`;
  const path = first?.path || null;
  const name = group.fatherName || first?.cartName || '';

  return (
    <li className={styles.group} data-testid="cart-group" aria-labelledby={headingId}>
      <div className={styles.groupHead}>
        <div className={styles.groupThumb}>
          {image ? (
            <FallbackImage
              src={image}
              alt={t('group.imageAlt', { name })}
              width={72}
              height={72}
              loading="lazy"
              decoding="async"
              className={styles.groupImage}
              placeholderClassName={styles.groupImagePlaceholder}
            />
          ) : (
            <span className={styles.groupImagePlaceholder} aria-hidden="true">
              ✦
            </span>
          )}
        </div>
        <div className={styles.groupTitle}>
          <h3 id={headingId} className={styles.groupName}>
            {path ? <Link href={path}>{name}</Link> : name}
          </h3>
          <p className={styles.groupMeta}>
            {group.totalUnits > 0 ? <span>{t('group.units', { count: group.totalUnits })}</span> : null}
            {group.tier ? (
              <span className={styles.tierBadge} data-testid="tier-badge">
                {group.tier.name ? t('group.tier', { name: group.tier.name }) : t('group.tierGeneric')}
              </span>
            ) : null}
          </p>
        </div>
      </div>

      <ul className={styles.lines}>
        {group.lines.map((line) => (
          <CartLine key={line.item.id} line={line} groupName={name} onRemove={onRemoveLine} />
        ))}
      </ul>

      {group.nextTier ? (
        <p className={styles.nudge} data-testid="tier-nudge">
          <span aria-hidden="true" className={styles.nudgeIcon}>
            ↗
          </span>
          <span>
            <strong>
              {t('group.nudge', { count: group.nextTier.missingUnits, price: formatCents(group.nextTier.price) })}
            </strong>
            {group.lines.length > 1 || (first && first.fatherId !== first.id) ? (
              <span className={styles.nudgeHint}> {t('group.nudgeHint')}</span>
            ) : null}
          </span>
        </p>
      ) : null}

      {group.lines.length > 1 ? (
        <div className={styles.groupFoot}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => onRemoveGroup(group)}
            aria-label={t('group.removeAllLabel', { name })}
          >
            {t('group.removeAll')}
          </button>
          <p className={styles.groupTotal}>
            <span>{t('group.subtotal')}</span> <strong>{formatCents(group.totalCents)}</strong>
          </p>
        </div>
      ) : null}
    </li>
  );
}

function CartLine({
  line,
  groupName,
  onRemove,
}: {
  line: CartLineView;
  groupName: string;
  onRemove: (line: CartLineView) => void;
}) {
  const t = useTranslations('cart');
  const { item, priced } = line;
  const ownName = item.cartName.trim();
  // A simple product's line repeats the group's name: not shown twice.
  const showName = ownName !== '' && ownName !== groupName.trim();
  const fullName = showName && groupName ? `${groupName} – ${ownName}` : ownName || groupName;
  const flagged = priced === null;
  const listPriceCents = toCents(item.price);

  return (
    <li
      className={`${styles.line} ${flagged ? styles.lineFlagged : ''}`}
      data-testid="cart-line"
      data-id={item.id}
      data-flagged={flagged ? item.state : undefined}
    >
      <div className={styles.lineInfo}>
        {showName ? <p className={styles.lineName}>{ownName}</p> : null}
        {flagged ? (
          <p className={styles.lineFlagNote}>
            <span className={`${styles.badge} ${styles.badgeDanger}`}>
              {item.state === 'noStock' ? t('line.noStock') : t('line.hidden')}
            </span>{' '}
            <span>{t('line.flaggedUnits', { count: item.units })}</span>
          </p>
        ) : (
          <p className={styles.linePrice} data-testid="unit-price">
            {priced.tier ? (
              <>
                <del className={styles.regular} data-testid="regular-price">
                  <span className="visually-hidden">{t('line.regularPrice', { price: formatCents(priced.regularPrice) })}</span>
                  <span aria-hidden="true">{formatCents(priced.regularPrice)}</span>
                </del>{' '}
                <strong className={styles.tierPrice}>{t('line.unitPrice', { price: formatCents(priced.unitPrice) })}</strong>
              </>
            ) : listPriceCents > priced.unitPrice ? (
              <>
                <del className={styles.regular}>
                  <span className="visually-hidden">{t('line.listPrice', { price: formatCents(listPriceCents) })}</span>
                  <span aria-hidden="true">{formatCents(listPriceCents)}</span>
                </del>{' '}
                <strong>{t('line.unitPrice', { price: formatCents(priced.unitPrice) })}</strong>
              </>
            ) : (
              <span>{t('line.unitPrice', { price: formatCents(priced.unitPrice) })}</span>
            )}
            {item.state === 'limited' ? <span className={`${styles.badge} ${styles.badgeAmber}`}>{t('line.limited')}</span> : null}
          </p>
        )}
      </div>

      <div className={styles.lineQty}>{flagged ? null : <CartQuantityField item={item} label={fullName} />}</div>

      {flagged ? null : (
        <p className={styles.lineTotal} data-testid="line-total">
          <span className="visually-hidden">{t('line.total')}: </span>
          {formatCents(priced.lineTotal)}
        </p>
      )}

      <button
        type="button"
        className={styles.removeButton}
        onClick={() => onRemove(line)}
        aria-label={t('line.removeLabel', { name: fullName })}
      >
        <TrashIcon width="18" height="18" />
        <span className={styles.removeText}>{t('line.remove')}</span>
      </button>
    </li>
  );
}
