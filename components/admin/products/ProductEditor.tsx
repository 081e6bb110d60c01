'use client';

/**
 * The product edit form (PATCH api/staff/products/:id): price, sale price, state, quantities, quantity
 * offers and categories. react-hook-form + zod (same rules as the API, messages from adminProducts.client);
 * the API's Spanish message is shown as a toast when it still refuses. Ctrl/⌘ + S saves.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { ProductState, StaffProductDetail } from '@/lib/admin/products';
import { useMessages } from '@/components/toast/MessagesProvider';
import { formatPesos } from '@/lib/money';
import { echoAmount } from '@/lib/money/parse';
import { MAX_OFFERS, priceWarnings, productFormSchema, toFormValues, toPatch, type ProductFormValues } from './form';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';

const STATES: ProductState[] = ['active', 'limited', 'noStock', 'hidden'];

export function ProductEditor({ product }: { product: StaffProductDetail }) {
  const t = useTranslations('adminProducts.client');
  const ts = useTranslations('adminProducts.states');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const schema = productFormSchema({
    price: t('invalid.price'),
    discount: t('invalid.discount'),
    qty: t('invalid.qty'),
    steps: t('invalid.steps'),
    maxBelowMin: t('invalid.maxBelowMin'),
    stepsDoNotFit: t('invalid.stepsDoNotFit'),
    offerName: t('invalid.offerName'),
    offerUnits: t('invalid.offerUnits'),
    offerDuplicate: t('invalid.offerDuplicate'),
  });
  const form = useForm<ProductFormValues>({ resolver: zodResolver(schema), defaultValues: toFormValues(product), mode: 'onBlur' });
  const { register, handleSubmit, formState, reset, setValue, control } = form;
  const { errors, isDirty } = formState;
  const offers = useFieldArray({ control, name: 'offers' });
  const categoryIds = useWatch({ control, name: 'categoryIds' });
  const state = useWatch({ control, name: 'state' });
  const isVariation = product.isVariation;
  const watchedPrice = useWatch({ control, name: 'price' });
  const watchedDiscount = useWatch({ control, name: 'discount' });
  const watchedOffers = useWatch({ control, name: 'offers' });
  // "21.50" and "21.500" are both valid amounts: say back which one will be saved, and what it does to the tiers
  const warnings = priceWarnings({ price: watchedPrice, offers: isVariation ? [] : watchedOffers }, product.price);
  const echo = (raw: string | undefined, field: string) => {
    const text = raw && raw.trim() !== '' ? echoAmount(raw) : null;
    return text ? (
      <span id={`${id}-${field}-echo`} className={styles.hint} data-testid={`echo-${field}`}>
        {t('echo', { amount: text })}
      </span>
    ) : null;
  };

  const onSubmit = async (values: ProductFormValues) => {
    setSaving(true);
    try {
      const saved = await publicRequest<StaffProductDetail>(staffApiPaths.product(product.id), { method: 'PATCH', body: toPatch(values, isVariation) });
      reset(toFormValues(saved));
      notify('SUCCESS', t('saved'));
      router.refresh();
    } catch (err) {
      handleError(err);
    } finally {
      setSaving(false);
    }
  };
  const onInvalid = () => notify('ERROR', t('invalid.form'));
  const submit = handleSubmit(onSubmit, onInvalid);

  // Ctrl/⌘ + S saves from anywhere on the page (the browser's "save page" is never wanted here)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        formRef.current?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const err = (msg: string | undefined, fieldId: string) =>
    msg ? (
      <span id={`${fieldId}-err`} className={styles.fieldError} role="alert">
        {msg}
      </span>
    ) : null;
  const described = (hint: string | null, fieldId: string, hasError: boolean) =>
    [hint, hasError ? `${fieldId}-err` : null].filter(Boolean).join(' ') || undefined;

  const setCategories = (next: number[]) => setValue('categoryIds', next, { shouldDirty: true });
  const move = (from: number, to: number) => {
    const next = [...categoryIds];
    const [x] = next.splice(from, 1);
    next.splice(to, 0, x!);
    setCategories(next);
  };
  const options = product.categoryOptions.filter((c) => !categoryIds.includes(c.id));
  const nameOf = (cid: number) => product.categoryOptions.find((c) => c.id === cid)?.name ?? String(cid);

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className={styles.editor} data-testid="product-form" aria-busy={saving}>
      <section className={styles.card} aria-labelledby={`${id}-pricing`}>
        <h2 id={`${id}-pricing`} className={styles.cardTitle}>
          {t('pricing')}
        </h2>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={`${id}-price`}>{t('price')}</label>
            <div className={styles.money}>
              <span aria-hidden="true">$</span>
              <input id={`${id}-price`} inputMode="decimal" autoComplete="off" {...register('price')} aria-invalid={!!errors.price} aria-describedby={described(`${id}-price-echo`, `${id}-price`, !!errors.price)} data-testid="price-input" />
            </div>
            {echo(watchedPrice, 'price')}
            {err(errors.price?.message, `${id}-price`)}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-discount`}>{t('discount')}</label>
            <div className={styles.money}>
              <span aria-hidden="true">$</span>
              <input id={`${id}-discount`} inputMode="decimal" autoComplete="off" {...register('discount')} aria-invalid={!!errors.discount} aria-describedby={described(`${id}-discount-hint`, `${id}-discount`, !!errors.discount)} />
            </div>
            <span id={`${id}-discount-hint`} className={styles.hint}>
              {t('discountHint')}
            </span>
            {echo(watchedDiscount, 'discount')}
            {err(errors.discount?.message, `${id}-discount`)}
          </div>
        </div>
        {warnings.bigDrop || warnings.tiersNotBelow.length ? (
          <div className={styles.warning} role="status" data-testid="price-warnings">
            {warnings.bigDrop ? <p>{t('warnDrop', { before: formatPesos(warnings.bigDrop.before), after: formatPesos(warnings.bigDrop.after) })}</p> : null}
            {warnings.tiersNotBelow.length ? <p>{t('warnTiers', { count: warnings.tiersNotBelow.length, units: warnings.tiersNotBelow.join(', ') })}</p> : null}
          </div>
        ) : null}
        <fieldset className={styles.states}>
          <legend>{t('state')}</legend>
          <div className={styles.segments}>
            {STATES.map((s) => (
              <label key={s} className={styles.segment} data-state={s} data-checked={state === s || undefined}>
                <input type="radio" value={s} {...register('state')} data-testid={`state-${s}`} />
                <span className={styles.segmentLabel}>
                  <span className={styles.dot} data-state={s} aria-hidden="true" />
                  {ts(s)}
                </span>
                <span className={styles.segmentHint}>{t(`stateHints.${s}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      <section className={styles.card} aria-labelledby={`${id}-qty`}>
        <h2 id={`${id}-qty`} className={styles.cardTitle}>
          {t('quantities')}
        </h2>
        <div className={styles.row}>
          {(['min', 'max', 'steps'] as const).map((f) => (
            <div key={f} className={`${styles.field} ${styles.small}`}>
              <label htmlFor={`${id}-${f}`}>{t(f)}</label>
              <input
                id={`${id}-${f}`}
                inputMode="numeric"
                autoComplete="off"
                {...register(f)}
                aria-invalid={!!errors[f]}
                aria-describedby={described(f === 'max' ? `${id}-max-hint` : null, `${id}-${f}`, !!errors[f])}
              />
              {f === 'max' ? (
                <span id={`${id}-max-hint`} className={styles.hint}>
                  {t('maxHint')}
                </span>
              ) : null}
              {err(errors[f]?.message, `${id}-${f}`)}
            </div>
          ))}
        </div>
      </section>

      {isVariation ? (
        <p className={styles.note}>{t('offersOnParent')}</p>
      ) : (
        <>
          <section className={styles.card} aria-labelledby={`${id}-offers`}>
            <div className={styles.cardHead}>
              <h2 id={`${id}-offers`} className={styles.cardTitle}>
                {t('offers')}
              </h2>
              <button
                type="button"
                className={styles.ghostButton}
                disabled={offers.fields.length >= MAX_OFFERS}
                onClick={() => offers.append({ name: '', units: '', price: '', isVip: false, isStrict: false }, { shouldFocus: true })}
                data-testid="add-offer"
              >
                + {t('addOffer')}
              </button>
            </div>
            <p className={styles.hint}>{t('offersHint')}</p>
            {offers.fields.length === 0 ? (
              <p className={styles.muted}>{t('noOffers')}</p>
            ) : (
              <ol className={styles.offers}>
                {offers.fields.map((f, i) => {
                  const e = errors.offers?.[i];
                  const fid = `${id}-o${i}`;
                  return (
                    <li key={f.id} className={styles.offer} data-testid="offer-row">
                      <div className={styles.field}>
                        <label htmlFor={`${fid}-units`}>{t('offerUnits')}</label>
                        <input id={`${fid}-units`} inputMode="numeric" {...register(`offers.${i}.units`)} aria-invalid={!!e?.units} aria-describedby={e?.units ? `${fid}-units-err` : undefined} />
                        {err(e?.units?.message, `${fid}-units`)}
                      </div>
                      <div className={styles.field}>
                        <label htmlFor={`${fid}-price`}>{t('offerPrice')}</label>
                        <div className={styles.money}>
                          <span aria-hidden="true">$</span>
                          <input id={`${fid}-price`} inputMode="decimal" {...register(`offers.${i}.price`)} aria-invalid={!!e?.price} aria-describedby={e?.price ? `${fid}-price-err` : `${fid}-price-echo`} />
                        </div>
                        {echo(watchedOffers?.[i]?.price, `o${i}-price`)}
                        {err(e?.price?.message, `${fid}-price`)}
                      </div>
                      <div className={`${styles.field} ${styles.grow}`}>
                        <label htmlFor={`${fid}-name`}>{t('offerName')}</label>
                        <input id={`${fid}-name`} maxLength={100} {...register(`offers.${i}.name`)} aria-invalid={!!e?.name} aria-describedby={e?.name ? `${fid}-name-err` : undefined} />
                        {err(e?.name?.message, `${fid}-name`)}
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
                })}
              </ol>
            )}
          </section>

          <section className={styles.card} aria-labelledby={`${id}-cats`}>
            <h2 id={`${id}-cats`} className={styles.cardTitle}>
              {t('categories')}
            </h2>
            <p className={styles.hint}>{t('categoriesHint')}</p>
            {categoryIds.length === 0 ? (
              <p className={styles.muted}>{t('noCategories')}</p>
            ) : (
              <ol className={styles.catList}>
                {categoryIds.map((cid, i) => {
                  const name = nameOf(cid);
                  return (
                    <li key={cid} className={styles.catItem}>
                      <span className={styles.catName}>
                        {name}
                        {i === 0 ? <span className={styles.mainTag}>{t('main')}</span> : null}
                      </span>
                      <button type="button" className={styles.iconButton} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('moveUp', { name })} title={t('moveUp', { name })}>
                        ↑
                      </button>
                      <button type="button" className={styles.iconButton} disabled={i === categoryIds.length - 1} onClick={() => move(i, i + 1)} aria-label={t('moveDown', { name })} title={t('moveDown', { name })}>
                        ↓
                      </button>
                      <button type="button" className={styles.iconButton} onClick={() => setCategories(categoryIds.filter((x) => x !== cid))} aria-label={t('removeCategory', { name })} title={t('removeCategory', { name })}>
                        ×
                      </button>
                    </li>
                  );
                })}
              </ol>
            )}
            {options.length ? (
              <div className={styles.field}>
                <label htmlFor={`${id}-addcat`}>{t('addCategory')}</label>
                <select
                  id={`${id}-addcat`}
                  value=""
                  onChange={(e) => {
                    const v = Number(e.target.value);
                    if (v) setCategories([...categoryIds, v]);
                  }}
                >
                  <option value="">{t('chooseCategory')}</option>
                  {options.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </section>
        </>
      )}

      <div className={styles.saveBar} data-dirty={isDirty || undefined}>
        <span className={styles.saveStatus} aria-live="polite">
          {isDirty ? t('unsaved') : ''}
        </span>
        <span className={styles.shortcut}>{t('shortcut')}</span>
        <button type="button" className={styles.ghostButton} disabled={!isDirty || saving} onClick={() => reset()}>
          {t('discard')}
        </button>
        <button type="submit" className={styles.saveButton} disabled={saving} data-testid="save-product">
          {saving ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
