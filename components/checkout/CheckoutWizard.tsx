'use client';

/**
 * The /checkout island (spec §2 Checkout): delivery type → transport → shipping address → billing data →
 * summary, with the step in the URL (`?step=`). Continue pushes a history entry, so the browser's Back
 * walks the steps; the Back button does the same. Choices live in sessionStorage (reload-safe).
 * 'Enviar pedido' posts the order; success clears the cart and opens /order/{id}; failure shows
 * 'Error al crear orden' with the server's message.
 */
import { useCallback, useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/i18n/navigation';
import { orderAttempt, type OrderAttempt } from '@/lib/api/order-attempt';
import { ordersApi, type Address, type BillingData, type TransportOption } from '@/lib/api/orders';
import { PublicApiError, usePublicApi } from '@/lib/api/public';
import { formatDocumentNumber } from '@/lib/validation/cuit';
import { useSession } from '@/lib/session/SessionProvider';
import { useCart } from '@/components/cart/CartProvider';
import { useMessages } from '@/components/toast/MessagesProvider';
import { MinimumNotice } from '@/components/cart/MinimumNotice';
import { toCents } from '@/lib/money';
import { minimumStanding } from '@/lib/orders/shipping';
import { Button, ButtonLink } from '@/components/ui/Button';
import {
  CHECKOUT_STORAGE_KEY,
  DELIVERY_TYPES,
  EMPTY_CHOICES,
  isStepComplete,
  nextStep,
  destinationOf,
  preferredId,
  previousStep,
  readLastUsed,
  writeLastUsed,
  readStoredChoices,
  writeStoredChoices,
  resolveStep,
  shippingFields,
  stepsFor,
  withDelivery,
  type CheckoutChoices,
  type CheckoutStep,
} from './steps';
import { TransportStep } from './TransportStep';
import { AddressStep, addressLine } from './AddressStep';
import { BillingStep } from './BillingStep';
import type { StepSaver } from './step-saver';
import { SummaryView } from './SummaryView';
import { useFormWarning } from '@/components/ui/form';
import styles from './checkout.module.css';
import spin from '@/components/ui/Spinner.module.css';
import { markHydrated } from '@/lib/hydration';

/** The saved records a step picks from (addresses, billing data), and the choice that holds the pick. */
type SavedRecord = { id: number; isDefault?: boolean };
type RecordChoice = 'addressId' | 'billingId';

export interface CheckoutWizardProps {
  /** api/config minimums in pesos (spec defaults 100000 / 50000) */
  minOrderPrice: number;
  minLocalPrice: number;
}

export function CheckoutWizard({ minOrderPrice, minLocalPrice }: CheckoutWizardProps) {
  const t = useTranslations('checkout');
  const router = useRouter();
  const searchParams = useSearchParams();
  const session = useSession();
  const cart = useCart();
  const { notify } = useMessages();
  const warn = useFormWarning();
  const { handleError } = usePublicApi();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // Choices from sessionStorage (the server renders the loading state; so does the first client render,
  // since the cart is read after mount: no hydration mismatch).
  const [choices, setChoices] = useState<CheckoutChoices | null>(() => (typeof window === 'undefined' ? null : readStoredChoices()));
  const [transports, setTransports] = useState<TransportOption[] | null>(null);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [billing, setBilling] = useState<BillingData[] | null>(null);
  const [otherError, setOtherError] = useState<string | undefined>();
  // "Continuar" saves what is typed in the address / billing form (step-saver.ts).
  const saver = useRef<StepSaver>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const pushes = useRef(0);
  // One Idempotency-Key per checkout attempt: sending the same order again (after a network error or a
  // 5xx) reuses it, so the API never stores it twice; a changed order gets a new key.
  const attempt = useRef<OrderAttempt | null>(null);

  useEffect(() => {
    if (choices) writeStoredChoices(choices);
  }, [choices]);

  // Lists, once signed in (spec §8: failures give empty lists; a 401 ends the session).
  const authed = session.status === 'authenticated';
  useEffect(() => {
    if (!authed) return;
    let live = true;
    const load = <T,>(p: Promise<T[]>, set: (v: T[]) => void) =>
      p.then((v) => live && set(v)).catch((e: unknown) => {
        if (!live) return;
        set([]);
        handleError(e);
      });
    // Saved records are preselected: the one used last, or the only one (choices already made stay).
    const last = readLastUsed();
    const records = <R extends SavedRecord>(p: Promise<R[]>, set: (list: R[]) => void, key: RecordChoice) =>
      load(p, (list: R[]) => {
        set(list);
        const pick = preferredId(list, last[key]);
        if (pick !== null) setChoices((c) => (c && c[key] === null ? { ...c, [key]: pick } : c));
      });
    void load(ordersApi.transports(), setTransports);
    void records(ordersApi.addresses(), setAddresses, 'addressId');
    void records(ordersApi.billing(), setBilling, 'billingId');
    return () => {
      live = false;
    };
  }, [authed, handleError]);

  const rawStep = searchParams.get('step');
  const step: CheckoutStep = choices ? resolveStep(rawStep, choices) : 'delivery';

  // Keep the URL honest: a step that cannot be shown yet is replaced (no history entry).
  useEffect(() => {
    if (choices && rawStep !== step) router.replace(`/checkout?step=${step}`, { scroll: false });
  }, [choices, rawStep, step, router]);

  // Move focus to the step heading when the step changes (keyboard and screen-reader users).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const update = useCallback((fn: (c: CheckoutChoices) => CheckoutChoices) => {
    setChoices((c) => fn(c ?? EMPTY_CHOICES));
  }, []);

  if (!choices || !cart.ready || session.status === 'loading') {
    return (
      <p className={styles.loading} role="status">
        <span className={spin.md} aria-hidden="true" />
        {t('loading')}
      </p>
    );
  }

  if (cart.totals.lineCount === 0 && !sent) {
    return (
      <section className={styles.empty} data-testid="checkout-empty">
        <h2 className={styles.emptyTitle}>{t('empty.title')}</h2>
        <p>{t('empty.text')}</p>
        <ButtonLink href="/products">{t('empty.cta')}</ButtonLink>
      </section>
    );
  }

  const walk = stepsFor(choices.delivery);
  const index = walk.indexOf(step);

  const goTo = (target: CheckoutStep) => {
    pushes.current += 1;
    router.push(`/checkout?step=${target}`, { scroll: false });
  };

  const onContinue = async () => {
    if (step === 'transport' && choices.transport?.kind === 'other' && !choices.transport.name.trim()) {
      setOtherError(t('form.required'));
      warn(t('form.incomplete'));
      return;
    }
    if ((step === 'address' || step === 'billing') && saver.current?.pending()) {
      // Typed, not saved: save it (validation, duplicate CUIT…) and go on with it chosen.
      if (!(await saver.current.save())) return;
      const next = nextStep(step, choices.delivery);
      if (next) goTo(next);
      return;
    }
    if (step === 'address' && !isStepComplete('address', choices)) {
      warn(t('address.choose'));
      return;
    }
    if (!isStepComplete(step, choices)) {
      warn(t(`required.${step === 'summary' ? 'delivery' : step}`));
      return;
    }
    setOtherError(undefined);
    const next = nextStep(step, choices.delivery);
    if (next) goTo(next);
  };

  const onBack = () => {
    const prev = previousStep(step, choices.delivery);
    if (!prev) return;
    // Walk back through the entries Continue pushed; after a reload there are none: replace instead.
    if (pushes.current > 0) {
      pushes.current -= 1;
      router.back();
    } else router.replace(`/checkout?step=${prev}`, { scroll: false });
  };

  const onSend = async () => {
    if (sending || choices.billingId === null) return;
    setSending(true);
    try {
      const products = cart.state.pricing.lines.map((l) => ({ id: Number(l.id), quantity: l.units }));
      const payload = { products, billingDataId: choices.billingId, ...shippingFields(choices) };
      attempt.current = orderAttempt(attempt.current, payload);
      const { id } = await ordersApi.createOrder(payload, { idempotencyKey: attempt.current.key });
      attempt.current = null;
      writeLastUsed({ addressId: payload.addressId ?? null, billingId: payload.billingDataId });
      setSent(true);
      cart.clear();
      try {
        window.sessionStorage.removeItem(CHECKOUT_STORAGE_KEY);
      } catch {
        /* ignore */
      }
      notify('SUCCESS', t('sent'));
      router.push(`/order/${id}`);
    } catch (error) {
      setSending(false);
      if (error instanceof PublicApiError && error.failure.kind === 'http') {
        notify('ERROR', error.failure.message ? `${t('createError')}: ${error.failure.message}` : t('createError'), 6);
        return;
      }
      // no answer (network, deadline) or 503 after the one retry: the cart and the Idempotency-Key are
      // kept, so sending again cannot create a second order
      if (error instanceof PublicApiError && (error.failure.kind === 'network' || error.failure.status === 503)) {
        notify('ERROR', `${t('createError')}: ${t('notSent')}`, 8);
        return;
      }
      handleError(error);
    }
  };

  /** A saved-records step's selection (address, billing): a record saved there joins its list and is chosen. */
  const recordStep = <R extends SavedRecord>(key: RecordChoice, setList: Dispatch<SetStateAction<R[] | null>>) => ({
    selectedId: choices[key],
    onSelect: (id: number) => update((c) => ({ ...c, [key]: id })),
    onCreated: (record: R) => {
      setList((list) => [...(list ?? []).filter((x) => x.id !== record.id), record]);
      update((c) => ({ ...c, [key]: record.id }));
    },
  });

  const selectedAddress = addresses?.find((a) => a.id === choices.addressId) ?? null;
  const selectedBilling = billing?.find((b) => b.id === choices.billingId) ?? null;
  // The minimum that will apply, from the first step on (the same rule the API enforces at send).
  const standing = minimumStanding(cart.totals.cartTotalCents, destinationOf(choices, selectedAddress?.province), {
    minOrderCents: toCents(Math.max(0, minOrderPrice)),
    minLocalCents: toCents(Math.max(0, minLocalPrice)),
  });

  return (
    <div ref={markHydrated} className={styles.wizard} data-testid="checkout" data-step={step}>
      <nav aria-label={t('progressLabel')}>
        <ol className={styles.progress}>
          {walk.map((s, i) => (
            <li
              key={s}
              className={`${styles.progressItem} ${i < index ? styles.progressDone : ''} ${i === index ? styles.progressCurrent : ''}`}
              aria-current={i === index ? 'step' : undefined}
            >
              <span className={styles.progressNum} aria-hidden="true">
                {i < index ? '✓' : i + 1}
              </span>
              <span className={styles.progressLabel}>{t(`steps.${s}`)}</span>
            </li>
          ))}
        </ol>
      </nav>

      <section className={styles.panel} aria-labelledby={headingId}>
        <p className={styles.stepCount}>{t('stepOf', { current: index + 1, total: walk.length })}</p>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {t(step === 'address' && choices.delivery === 'depot' ? 'titles.depotAddress' : `titles.${step}`)}
        </h2>

        {step !== 'summary' ? <MinimumNotice standing={standing} testId="checkout-minimum" /> : null}

        {step === 'delivery' ? (
          <fieldset className={styles.fieldset}>
            <legend className="visually-hidden">{t('titles.delivery')}</legend>
            <ul className={styles.options}>
              {DELIVERY_TYPES.map((d) => (
                <li key={d}>
                  <label className={`${styles.option} ${styles.optionLarge} ${choices.delivery === d ? styles.optionChecked : ''}`}>
                    <input
                      type="radio"
                      name="delivery"
                      value={d}
                      checked={choices.delivery === d}
                      onChange={() => update((c) => withDelivery(c, d))}
                    />
                    <span className={styles.optionText}>
                      <span className={styles.optionTitle}>{t(`delivery.${d}.title`)}</span>
                      <span className={styles.optionNote}>{t(`delivery.${d}.text`)}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}

        {step === 'transport' ? (
          <TransportStep
            options={transports}
            value={choices.transport}
            otherError={otherError}
            onChange={(transport) => {
              setOtherError(undefined);
              update((c) => ({ ...c, transport }));
            }}
          />
        ) : null}

        {step === 'address' ? (
          <AddressStep
            delivery={choices.delivery === 'depot' ? 'depot' : 'address'}
            addresses={addresses}
            saverRef={saver}
            {...recordStep('addressId', setAddresses)}
          />
        ) : null}

        {step === 'billing' ? (
          <BillingStep billing={billing} saverRef={saver} {...recordStep('billingId', setBilling)} />
        ) : null}

        {step === 'summary' && choices.delivery ? (
          <SummaryView
            groups={cart.groups}
            delivery={choices.delivery}
            province={selectedAddress?.province ?? null}
            minOrderPrice={minOrderPrice}
            minLocalPrice={minLocalPrice}
            details={[
              { label: t('summary.delivery'), value: t(`delivery.${choices.delivery}.title`) },
              ...(choices.transport
                ? [{ label: t('summary.transport'), value: choices.transport.kind === 'other' ? `${t('transport.other')}: ${choices.transport.name}` : choices.transport.name }]
                : []),
              ...(selectedAddress ? [{ label: t('summary.address'), value: addressLine(selectedAddress) }] : []),
              ...(selectedBilling
                ? [
                    {
                      label: t('summary.billing'),
                      value: `${selectedBilling.taxCondition} · ${selectedBilling.documentType} ${formatDocumentNumber(selectedBilling.documentType, selectedBilling.number)}`,
                    },
                  ]
                : []),
            ]}
            sending={sending}
            onSend={onSend}
          />
        ) : null}

        <div className={styles.nav}>
          {index > 0 ? (
            <Button variant="ghost" onClick={onBack} data-testid="checkout-back">
              <span aria-hidden="true">←</span> {t('back')}
            </Button>
          ) : (
            <Link href="/cart" className={styles.backLink}>
              <span aria-hidden="true">←</span> {t('backToCart')}
            </Link>
          )}
          {step !== 'summary' ? (
            <Button onClick={() => void onContinue()} data-testid="checkout-continue">
              {t('continue')} <span aria-hidden="true">→</span>
            </Button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
