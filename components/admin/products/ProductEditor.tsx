'use client';

/**
 * The product edit form (PATCH api/staff/products/:id): price, sale price, state, quantities, quantity
 * offers and categories (price fields and offers shared with "Nuevo producto": ./PriceFields.tsx). react-hook-form + zod (same rules as the API, messages from adminProducts.client);
 * the API's Spanish message is shown as a toast when it still refuses. Ctrl/⌘ + S saves.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { StaffProductDetail } from '@/lib/admin/products';
import { useMessages } from '@/components/toast/MessagesProvider';
import { productFormSchema, toFormValues, toPatch, type ProductFormValues } from './form';
import { OffersCard, PriceFields, QuantitiesCard, StateField, useFormMessages } from './PriceFields';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { NamedOptions } from '../ui/Options';

export function ProductEditor({ product }: { product: StaffProductDetail }) {
  const t = useTranslations('adminProducts.client');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const schema = productFormSchema(useFormMessages());
  const form = useForm<ProductFormValues>({ resolver: zodResolver(schema), defaultValues: toFormValues(product), mode: 'onBlur' });
  const { handleSubmit, formState, reset, setValue, control } = form;
  const { isDirty } = formState;
  const categoryIds = useWatch({ control, name: 'categoryIds' });
  const isVariation = product.isVariation;

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
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className={styles.editor} data-testid="product-form" aria-busy={saving}>
        <section className={styles.card} aria-labelledby={`${id}-pricing`}>
          <h2 id={`${id}-pricing`} className={styles.cardTitle}>
            {t('pricing')}
          </h2>
          <PriceFields id={id} savedPrice={product.price} isVariation={isVariation} priceTestId="price-input" />
          <StateField testIds />
        </section>

        <QuantitiesCard id={id} maxHint />

        {isVariation ? (
          <p className={styles.note}>{t('offersOnParent')}</p>
        ) : (
          <>
            <OffersCard id={id} />

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
                    <NamedOptions items={options} />
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
    </FormProvider>
  );
}
