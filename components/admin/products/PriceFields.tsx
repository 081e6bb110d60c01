'use client';

/**
 * The price fields both product forms share (the editor, PATCH, and "Nuevo producto", POST): the price and
 * sale price with their es-AR echo ("Se guarda como $ 21.500,00", lib/money/parse.ts), the warnings before
 * saving (tiers no longer below the price, a price cut to less than a fifth: ./form.ts priceWarnings), and the
 * quantity offers (tiers) with their own echo, the state segments, the quantities card and the rules' messages. One copy, so a rule added to one form reaches the other.
 * Read from the form's context (react-hook-form FormProvider): both forms' values extend ProductFormValues.
 */
import type { ComponentProps, ReactNode } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { formatPesos } from '@/lib/money';
import { echoAmount } from '@/lib/money/parse';
import { PRODUCT_STATES } from '@/lib/contracts/staff-products';
import { MAX_OFFERS, priceWarnings, type FormMessages, type ProductFormValues } from './form';
import styles from './products.module.css';
import { CARD } from './card';
import { ItemList } from '../ui/list';
import { Panel } from '../ui/Panel';

export function FieldError({ msg, fieldId }: { msg: string | undefined; fieldId: string }) {
  return msg ? (
    <span id={`${fieldId}-err`} className={styles.fieldError} role="alert">
      {msg}
    </span>
  ) : null;
}

/** "Se guarda como $ …" under an amount input, or nothing while it is empty or not an amount. */
function AmountEcho({ raw, id, testId }: { raw: string | undefined; id: string; testId: string }) {
  const t = useTranslations('adminProducts.client');
  const text = raw && raw.trim() !== '' ? echoAmount(raw) : null;
  return text ? (
    <span id={id} className={styles.hint} data-testid={testId}>
      {t('echo', { amount: text })}
    </span>
  ) : null;
}

/** An amount box with its "$" in front (price, sale price, a tier's price); the props go to the input. */
export function MoneyInput(props: ComponentProps<'input'>) {
  return (
    <div className={styles.money}>
      <span aria-hidden="true">$</span>
      <input inputMode="decimal" {...props} />
    </div>
  );
}

const described = (hint: string | null, fieldId: string, hasError: boolean) => [hint, hasError ? `${fieldId}-err` : null].filter(Boolean).join(' ') || undefined;

export interface PriceFieldsProps {
  id: string;
  /** the price as saved (0 for a new product: no "big drop" warning) */
  savedPrice: number;
  /** a variation's tiers live on its parent: no tier warning */
  isVariation?: boolean;
  priceTestId: string;
}

/** Price and sale price, each with its echo, and the warnings about the tiers and a big drop. */
export function PriceFields({ id, savedPrice, isVariation = false, priceTestId }: PriceFieldsProps) {
  const t = useTranslations('adminProducts.client');
  const { register, control, formState } = useFormContext<ProductFormValues>();
  const { errors } = formState;
  const price = useWatch({ control, name: 'price' });
  const discount = useWatch({ control, name: 'discount' });
  const offers = useWatch({ control, name: 'offers' });
  // "21.50" and "21.500" are both valid amounts: say back which one will be saved, and what it does to the tiers
  const warnings = priceWarnings({ price, offers: isVariation ? [] : (offers ?? []) }, savedPrice);

  return (
    <>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-price`}>{t('price')}</label>
          <MoneyInput
            id={`${id}-price`}
            autoComplete="off"
            {...register('price')}
            aria-invalid={!!errors.price}
            aria-describedby={described(`${id}-price-echo`, `${id}-price`, !!errors.price)}
            data-testid={priceTestId}
          />
          <AmountEcho raw={price} id={`${id}-price-echo`} testId="echo-price" />
          <FieldError msg={errors.price?.message} fieldId={`${id}-price`} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-discount`}>{t('discount')}</label>
          <MoneyInput id={`${id}-discount`} autoComplete="off" {...register('discount')} aria-invalid={!!errors.discount} aria-describedby={described(`${id}-discount-hint`, `${id}-discount`, !!errors.discount)} />
          <span id={`${id}-discount-hint`} className={styles.hint}>
            {t('discountHint')}
          </span>
          <AmountEcho raw={discount} id={`${id}-discount-echo`} testId="echo-discount" />
          <FieldError msg={errors.discount?.message} fieldId={`${id}-discount`} />
        </div>
      </div>
      {warnings.bigDrop || warnings.tiersNotBelow.length ? (
        <div className={styles.warning} role="status" data-testid="price-warnings">
          {warnings.bigDrop ? <p>{t('warnDrop', { before: formatPesos(warnings.bigDrop.before), after: formatPesos(warnings.bigDrop.after) })}</p> : null}
          {warnings.tiersNotBelow.length ? <p>{t('warnTiers', { count: warnings.tiersNotBelow.length, units: warnings.tiersNotBelow.join(', ') })}</p> : null}
        </div>
      ) : null}
    </>
  );
}

/** The quantity offers (tiers): add, edit with the amount echo, remove; at most MAX_OFFERS. */
export function OffersCard({ id }: { id: string }) {
  const t = useTranslations('adminProducts.client');
  const { register, control, formState } = useFormContext<ProductFormValues>();
  const { errors } = formState;
  const offers = useFieldArray({ control, name: 'offers' });
  const watched = useWatch({ control, name: 'offers' });

  return (
    <Panel
      headingId={`${id}-offers`}
      title={t('offers')}
      look={CARD}
      actions={
        <button
          type="button"
          className={styles.ghostButton}
          disabled={offers.fields.length >= MAX_OFFERS}
          onClick={() => offers.append({ name: '', units: '', price: '', isVip: false, isStrict: false }, { shouldFocus: true })}
          data-testid="add-offer"
        >
          + {t('addOffer')}
        </button>
      }
    >
      <p className={styles.hint}>{t('offersHint')}</p>
      <ItemList items={offers.fields} empty={t('noOffers')} emptyClass={styles.muted} className={styles.offers} ordered>
        {(f, i) => {
          const e = errors.offers?.[i];
          const fid = `${id}-o${i}`;
          return (
            <li key={f.id} className={styles.offer} data-testid="offer-row">
              <div className={styles.field}>
                <label htmlFor={`${fid}-units`}>{t('offerUnits')}</label>
                <input id={`${fid}-units`} inputMode="numeric" {...register(`offers.${i}.units`)} aria-invalid={!!e?.units} aria-describedby={e?.units ? `${fid}-units-err` : undefined} />
                <FieldError msg={e?.units?.message} fieldId={`${fid}-units`} />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${fid}-price`}>{t('offerPrice')}</label>
                <MoneyInput id={`${fid}-price`} {...register(`offers.${i}.price`)} aria-invalid={!!e?.price} aria-describedby={e?.price ? `${fid}-price-err` : `${fid}-price-echo`} />
                <AmountEcho raw={watched?.[i]?.price} id={`${fid}-price-echo`} testId={`echo-o${i}-price`} />
                <FieldError msg={e?.price?.message} fieldId={`${fid}-price`} />
              </div>
              <div className={`${styles.field} ${styles.grow}`}>
                <label htmlFor={`${fid}-name`}>{t('offerName')}</label>
                <input id={`${fid}-name`} maxLength={100} {...register(`offers.${i}.name`)} aria-invalid={!!e?.name} aria-describedby={e?.name ? `${fid}-name-err` : undefined} />
                <FieldError msg={e?.name?.message} fieldId={`${fid}-name`} />
              </div>
              <div className={styles.checks}>
                <label className={styles.check}>
                  <input type="checkbox" {...register(`offers.${i}.isVip`)} />
                  {t('offerVip')}
                </label>
                <label className={styles.check}>
                  <input type="checkbox" {...register(`offers.${i}.isStrict`)} />
                  {t('offerStrict')}
                </label>
              </div>
              <button type="button" className={styles.iconButton} onClick={() => offers.remove(i)} aria-label={t('removeOffer', { index: i + 1 })} title={t('removeOffer', { index: i + 1 })}>
                ×
              </button>
            </li>
          );
        }}
      </ItemList>
    </Panel>
  );
}

/**
 * The categories card of both forms: its hint, the choices (the editor's ordered list, the new product's
 * checkboxes; each drawn by `children`) or "Sin categorías", then `after` (the editor's "add" select).
 */
export function CategoriesCard<T>({
  id,
  hint,
  items,
  className,
  ordered = false,
  after,
  children,
}: {
  id: string;
  hint: string;
  items: readonly T[];
  className: string | undefined;
  ordered?: boolean;
  after?: ReactNode;
  children: (item: T, index: number) => ReactNode;
}) {
  const t = useTranslations('adminProducts.client');
  return (
    <Panel headingId={`${id}-cats`} title={t('categories')} look={CARD}>
      <p className={styles.hint}>{hint}</p>
      <ItemList items={items} empty={t('noCategories')} emptyClass={styles.muted} className={className} ordered={ordered}>
        {children}
      </ItemList>
      {after}
    </Panel>
  );
}

/**
 * The sticky bar at the foot of both product forms: the status (read out when `live`), what else the form
 * offers there (children), then the submit button.
 */
export function SaveBar({
  dirty,
  status,
  live = false,
  saving,
  submit,
  testId,
  children,
}: {
  dirty: boolean;
  status: string;
  live?: boolean;
  saving: boolean;
  submit: string;
  testId: string;
  children?: ReactNode;
}) {
  const t = useTranslations('adminProducts.client');
  return (
    <div className={styles.saveBar} data-dirty={dirty || undefined}>
      <span className={styles.saveStatus} aria-live={live ? 'polite' : undefined}>
        {status}
      </span>
      {children}
      <button type="submit" className={styles.saveButton} disabled={saving} data-testid={testId}>
        {saving ? t('saving') : submit}
      </button>
    </div>
  );
}

/** The messages of the rules both forms share (form.ts FormMessages), from adminProducts.client. */
export function useFormMessages(): FormMessages {
  const t = useTranslations('adminProducts.client');
  return {
    price: t('invalid.price'),
    discount: t('invalid.discount'),
    qty: t('invalid.qty'),
    steps: t('invalid.steps'),
    maxBelowMin: t('invalid.maxBelowMin'),
    stepsDoNotFit: t('invalid.stepsDoNotFit'),
    offerName: t('invalid.offerName'),
    offerUnits: t('invalid.offerUnits'),
    offerDuplicate: t('invalid.offerDuplicate'),
  };
}

/** The product's state as four segments (radio buttons), each with its dot and what it does in the shop. */
export function StateField({ testIds = false }: { testIds?: boolean }) {
  const t = useTranslations('adminProducts.client');
  const ts = useTranslations('adminProducts.states');
  const { register, control } = useFormContext<ProductFormValues>();
  const state = useWatch({ control, name: 'state' });
  return (
    <fieldset className={styles.states}>
      <legend>{t('state')}</legend>
      <div className={styles.segments}>
        {PRODUCT_STATES.map((s) => (
          <label key={s} className={styles.segment} data-state={s} data-checked={state === s || undefined}>
            <input type="radio" value={s} {...register('state')} data-testid={testIds ? `state-${s}` : undefined} />
            <span className={styles.segmentLabel}>
              <span className={styles.dot} data-state={s} aria-hidden="true" />
              {ts(s)}
            </span>
            <span className={styles.segmentHint}>{t(`stateHints.${s}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Minimum, maximum and step of the units a customer may buy; `maxHint` explains the maximum (the editor). */
export function QuantitiesCard({ id, maxHint = false }: { id: string; maxHint?: boolean }) {
  const t = useTranslations('adminProducts.client');
  const { register, formState } = useFormContext<ProductFormValues>();
  const { errors } = formState;
  return (
    <Panel headingId={`${id}-qty`} title={t('quantities')} look={CARD}>
      <div className={styles.row}>
        {(['min', 'max', 'steps'] as const).map((f) => {
          const hint = maxHint && f === 'max' ? `${id}-max-hint` : null;
          return (
            <div key={f} className={`${styles.field} ${styles.small}`}>
              <label htmlFor={`${id}-${f}`}>{t(f)}</label>
              <input
                id={`${id}-${f}`}
                inputMode="numeric"
                autoComplete="off"
                {...register(f)}
                aria-invalid={!!errors[f]}
                aria-describedby={maxHint ? described(hint, `${id}-${f}`, !!errors[f]) : undefined}
              />
              {hint ? (
                <span id={hint} className={styles.hint}>
                  {t('maxHint')}
                </span>
              ) : null}
              <FieldError msg={errors[f]?.message} fieldId={`${id}-${f}`} />
            </div>
          );
        })}
      </div>
    </Panel>
  );
}
