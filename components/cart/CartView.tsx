'use client';

/**
 * The cart page island (spec §2 Cart): lines grouped by parent product, units editable with the shop's
 * quantity selector, tier-applied unit prices (the regular one struck through), per-group nudge to
 * the next tier, flagged items (no longer available / out of stock) with a remove button, clear cart
 * with confirmation, totals and article counts, the minimum-order notice, and 'Enviar pedido'
 * (guests are asked to log in or register; the cart is kept).
 *
 * Before localStorage is read (server HTML, hydration) it shows a neutral placeholder: no numbers.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { CartGroupView, CartLineView } from '@/lib/cart';
import { formatCents, toCents } from '@/lib/money';
import { minimumStanding, type MinimumStanding, type ShippingZone } from '@/lib/orders/shipping';
import { cartZoneOf, readStoredChoices, withCartZone, writeStoredChoices, type CheckoutChoices } from '@/components/checkout/steps';
import { MinimumNotice } from './MinimumNotice';
import { toast } from '@/lib/toast/shop-toasts';
import { notify } from '@/lib/toast/emitter';
import { useSession } from '@/lib/session/SessionProvider';
import { Button, ButtonLink, buttonClassName } from '@/components/ui/Button';
import { useCart } from './CartProvider';
import { CartGroup } from './CartGroup';
import { itemLabel } from './item-label';
import styles from './CartView.module.css';
import { markHydrated } from '@/lib/hydration';
import { Fact } from '@/components/ui/Fact';

export interface CartViewProps {
  /** api/config minOrderPrice in pesos (default 100000). */
  minOrderPrice: number;
  /** api/config minLocalPrice in pesos (default 50000). */
  minLocalPrice: number;
}

const ZONES: readonly ShippingZone[] = ['pickup', 'caba', 'interior'];

const LOGIN_HREF = '/login?next=/checkout';

export function CartView({ minOrderPrice, minLocalPrice }: CartViewProps) {
  const t = useTranslations('cart');
  const cart = useCart();
  const { ready, groups, totals, flagged, items, refresh, refreshStatus } = cart;
  const linesHeadingId = useId();
  const summaryHeadingId = useId();
  // The checkout's stored choices (the cart's zone pick lives there too). The server and the first
  // client render show the loading state whatever this holds (the cart is read after mount).
  const [choices, setChoices] = useState<CheckoutChoices | null>(() => (typeof window === 'undefined' ? null : readStoredChoices()));
  const pickZone = (zone: ShippingZone) => {
    const next = withCartZone(readStoredChoices(), zone);
    writeStoredChoices(next);
    setChoices(next);
  };

  // Fresh prices and states every time the page is shown (deduplicated with the provider's own refresh).
  useEffect(() => {
    if (ready) void refresh();
  }, [ready, refresh]);

  if (!ready) {
    return (
      <div className={styles.loading} role="status" aria-live="polite" data-testid="cart-loading">
        <span className={styles.spinner} aria-hidden="true" />
        {t('loading')}
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <section className={styles.empty} data-testid="cart-empty" aria-labelledby={linesHeadingId}>
        <div className={styles.emptyArt} aria-hidden="true">
          <svg viewBox="0 0 64 64" width="72" height="72">
            <path
              d="M8 12h6l6 30a3 3 0 0 0 3 2.4h24a3 3 0 0 0 3-2.3L55 22H17"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="25" cy="52" r="3.5" fill="currentColor" />
            <circle cx="46" cy="52" r="3.5" fill="currentColor" />
            <path d="M34 4c-3 4 3 6 0 10M40 6c-2 3 2 4 0 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </div>
        <h2 id={linesHeadingId} className={styles.emptyTitle}>
          {t('empty.title')}
        </h2>
        <p className={styles.emptyText}>{t('empty.text')}</p>
        <ButtonLink href="/products">{t('empty.cta')}</ButtonLink>
      </section>
    );
  }

  const onRemoveLine = ({ item }: CartLineView) => {
    cart.remove(item.id);
    toast({ title: t('toast.removed'), description: itemLabel(item), variant: 'warning' });
  };
  const onRemoveGroup = (group: CartGroupView) => {
    cart.removeParent(group.fatherId);
    toast({ title: t('toast.removed'), description: group.fatherName, variant: 'warning' });
  };
  const removeFlagged = () => {
    for (const item of flagged) cart.remove(item.id);
  };

  const zone = choices ? cartZoneOf(choices) : null;
  const standing = minimumStanding(
    totals.cartTotalCents,
    { toSucc: zone === null ? null : zone === 'pickup', zone },
    { minOrderCents: toCents(Math.max(0, minOrderPrice)), minLocalCents: toCents(Math.max(0, minLocalPrice)) },
  );
  const hasBuyable = totals.lineCount > 0;
  const canSend = hasBuyable && standing.canSend;

  return (
    <div ref={markHydrated} className={styles.layout} data-testid="cart">
      <section className={styles.main} aria-labelledby={linesHeadingId}>
        <div className={styles.mainHead}>
          <h2 id={linesHeadingId} className={styles.sectionTitle}>
            {t('linesHeading')}
          </h2>
          <p className={styles.counts} data-testid="cart-counts">
            {t('counts', { lines: totals.lineCount, units: totals.cartQuantity })}
          </p>
        </div>

        {refreshStatus === 'error' ? (
          <p className={styles.stale} role="status">
            {t('stale')}
          </p>
        ) : null}

        {flagged.length > 0 ? (
          <div className={styles.flagged} role="alert" data-testid="cart-flagged">
            <p className={styles.flaggedTitle}>{t('flagged.title', { count: flagged.length })}</p>
            <p className={styles.flaggedText}>{t('flagged.text')}</p>
            <Button variant="secondary" size="small" onClick={removeFlagged}>
              {t('flagged.removeAll')}
            </Button>
          </div>
        ) : null}

        <ul className={styles.groups}>
          {groups.map((group) => (
            <CartGroup key={group.fatherId} group={group} onRemoveLine={onRemoveLine} onRemoveGroup={onRemoveGroup} />
          ))}
        </ul>

        <div className={styles.toolbar}>
          <Link href="/products" className={styles.continue}>
            <span aria-hidden="true">←</span> {t('continue')}
          </Link>
          <ClearCart onClear={cart.clear} />
        </div>

        <MobileBar totalCents={totals.cartTotalCents} canSend={canSend} standing={standing} />
      </section>

      <aside className={styles.summary} aria-labelledby={summaryHeadingId} data-testid="cart-summary">
        <h2 id={summaryHeadingId} className={styles.summaryTitle}>
          {t('summary.title')}
        </h2>
        <dl className={styles.summaryList}>
          <Fact label={t('summary.lines')} testId="summary-lines">{totals.lineCount}</Fact>
          <Fact label={t('summary.units')} testId="summary-units">{totals.cartQuantity}</Fact>
          {totals.savingsCents > 0 ? (
            <Fact label={t('summary.savings')} className={styles.savings} testId="summary-savings">
              {formatCents(totals.savingsCents)}
            </Fact>
          ) : null}
          <Fact label={t('summary.total')} className={styles.summaryTotal} testId="cart-total">
            {formatCents(totals.cartTotalCents)}
          </Fact>
        </dl>

        {hasBuyable ? (
          <>
            <ZonePicker value={zone} onChange={pickZone} />
            <MinimumNotice standing={standing} />
          </>
        ) : null}

        <SendOrder canSend={canSend} blockedBy={hasBuyable ? 'minimum' : 'nothing'} />
      </aside>
    </div>
  );
}

/** How the order will be received: decides which minimum applies (kept with the checkout's choices). */
function ZonePicker({ value, onChange }: { value: ShippingZone | null; onChange: (zone: ShippingZone) => void }) {
  const t = useTranslations('cart.minimum');
  const name = useId();
  return (
    <fieldset className={styles.zones} data-testid="cart-zone">
      <legend className={styles.zonesLegend}>{t('choose')}</legend>
      {ZONES.map((z) => (
        <label key={z} className={styles.zone}>
          <input type="radio" name={name} value={z} checked={value === z} onChange={() => onChange(z)} />
          <span>{t(`zones.${z}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** 'Enviar pedido': a link to /checkout for signed-in customers; guests are asked to log in or register. */
function SendOrder({
  canSend,
  compact = false,
  blockedBy = 'minimum',
}: {
  canSend: boolean;
  compact?: boolean;
  /** Why sending is not possible: below the pickup minimum, or nothing buyable left. */
  blockedBy?: 'minimum' | 'nothing';
}) {
  const t = useTranslations('cart.send');
  const { status } = useSession();

  if (status === 'anonymous') {
    if (compact) {
      return (
        <ButtonLink href={LOGIN_HREF} size="small">
          {t('guestShort')}
        </ButtonLink>
      );
    }
    return (
      <div className={styles.guest} data-testid="guest-prompt">
        <p className={styles.guestText}>{t('guest')}</p>
        <div className={styles.guestActions}>
          <ButtonLink href={LOGIN_HREF} block>
            {t('login')}
          </ButtonLink>
          <ButtonLink href="/register" variant="secondary" block>
            {t('register')}
          </ButtonLink>
        </div>
        <p className={styles.guestKept}>{t('kept')}</p>
      </div>
    );
  }

  if (status === 'loading') {
    return (
      <Button disabled block={!compact} size={compact ? 'small' : 'medium'}>
        {compact ? t('button') : t('checking')}
      </Button>
    );
  }

  if (!canSend) {
    return (
      <div className={compact ? undefined : styles.sendBlock}>
        <Button disabled block={!compact} size={compact ? 'small' : 'medium'}>
          {t('button')}
        </Button>
        {compact ? null : <p className={styles.sendNote}>{blockedBy === 'nothing' ? t('nothing') : t('blocked')}</p>}
      </div>
    );
  }

  return (
    <ButtonLink href="/checkout" block={!compact} size={compact ? 'small' : 'medium'} data-testid="send-order">
      {t('button')}
    </ButtonLink>
  );
}

/** Phones: total + send, stuck above the 64 px bottom bar while the lines scroll. Hidden from 768 px. */
function MobileBar({ totalCents, canSend, standing }: { totalCents: number; canSend: boolean; standing: MinimumStanding }) {
  const t = useTranslations('cart');
  return (
    <div className={styles.mobileBar} data-testid="cart-mobile-bar">
      <div className={styles.mobileTotal}>
        <span className={styles.mobileLabel}>{t('summary.total')}</span>
        <strong>{formatCents(totalCents)}</strong>
        {standing.applies && !standing.applies.ok ? (
          <span className={styles.mobileNote}>{t('minimum.short', { missing: formatCents(standing.applies.shortByCents) })}</span>
        ) : !standing.applies && !standing.canSend ? (
          <span className={styles.mobileNote}>{t('minimum.chooseHint')}</span>
        ) : null}
      </div>
      <SendOrder canSend={canSend} compact />
    </div>
  );
}

/** 'Vaciar carrito' with an inline confirmation (focus moves to it, Escape cancels). */
function ClearCart({ onClear }: { onClear: () => void }) {
  const t = useTranslations('cart.clear');
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  const cancel = () => {
    setAsking(false);
    // Back to the button that opened the question.
    requestAnimationFrame(() => openerRef.current?.focus());
  };

  if (!asking) {
    return (
      <button type="button" ref={openerRef} className={styles.clearButton} onClick={() => setAsking(true)}>
        {t('button')}
      </button>
    );
  }
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') cancel();
      }}
      data-testid="clear-confirm"
    >
      <p id={titleId} className={styles.confirmTitle}>
        {t('confirmTitle')}
      </p>
      <p id={textId} className={styles.confirmText}>
        {t('confirmText')}
      </p>
      <div className={styles.confirmActions}>
        <button
          type="button"
          ref={confirmRef}
          className={buttonClassName({ variant: 'primary', size: 'small' })}
          onClick={() => {
            onClear();
            notify('INFO', t('done'));
          }}
        >
          {t('confirm')}
        </button>
        <Button variant="ghost" size="small" onClick={cancel}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}

