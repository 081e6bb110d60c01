'use client';

/**
 * The product edit form (PATCH api/staff/products/:id): price, sale price, state, quantities, quantity
 * offers and categories (price fields and offers shared with "Nuevo producto": ./PriceFields.tsx). react-hook-form + zod (same rules as the API, messages from adminProducts.client);
 * the API's Spanish message is shown as a toast when it still refuses. Ctrl/⌘ + S saves.
 */
import { useEffect, useId, useRef } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import type { StaffProductDetail } from '@/lib/admin/products';
import { useMessages } from '@/components/toast/MessagesProvider';
import { useApiAction } from '@/components/ui/useApiAction';
import { productFormSchema, toFormValues, toPatch, type ProductFormValues } from './form';
import { CategoriesCard, OffersCard, PriceFields, QuantitiesCard, SaveBar, StateField, useFormMessages } from './PriceFields';
import { CARD } from './card';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { NamedOptions } from '../ui/Options';
import { MoveButtons, moved } from '../ui/crud';
import { Panel } from '../ui/Panel';

export function ProductEditor({ product }: { product: StaffProductDetail }) {
  const t = useTranslations('adminProducts.client');
  const { notify } = useMessages();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy: saving, run } = useApiAction();
  const schema = productFormSchema(useFormMessages());
  const form = useForm<ProductFormValues>({ resolver: zodResolver(schema), defaultValues: toFormValues(product), mode: 'onBlur' });
  const { handleSubmit, formState, reset, setValue, control } = form;
  const { isDirty } = formState;
  const categoryIds = useWatch({ control, name: 'categoryIds' });
  const isVariation = product.isVariation;

  const onSubmit = (values: ProductFormValues) =>
    run(async () => reset(toFormValues(await publicRequest<StaffProductDetail>(staffApiPaths.product(product.id), { method: 'PATCH', body: toPatch(values, isVariation) }))), t('saved'));
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
  const options = product.categoryOptions.filter((c) => !categoryIds.includes(c.id));
  const nameOf = (cid: number) => product.categoryOptions.find((c) => c.id === cid)?.name ?? String(cid);

  return (
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className={styles.editor} data-testid="product-form" aria-busy={saving}>
        <Panel headingId={`${id}-pricing`} title={t('pricing')} look={CARD}>
          <PriceFields id={id} savedPrice={product.price} isVariation={isVariation} priceTestId="price-input" />
          <StateField testIds />
        </Panel>

        <QuantitiesCard id={id} maxHint />

        {isVariation ? (
          <p className={styles.note}>{t('offersOnParent')}</p>
        ) : (
          <>
            <OffersCard id={id} />

            <CategoriesCard
              id={id}
              hint={t('categoriesHint')}
              items={categoryIds}
              className={styles.catList}
              ordered
              after={
                options.length ? (
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
                ) : null
              }
            >
              {(cid, i) => {
                const name = nameOf(cid);
                return (
                  <li key={cid} className={styles.catItem}>
                    <span className={styles.catName}>
                      {name}
                      {i === 0 ? <span className={styles.mainTag}>{t('main')}</span> : null}
                    </span>
                    <MoveButtons index={i} count={categoryIds.length} labels={{ earlier: t('moveUp', { name }), later: t('moveDown', { name }) }} className={styles.iconButton} onMove={(to) => setCategories(moved(categoryIds, i, to))} />
                    <button type="button" className={styles.iconButton} onClick={() => setCategories(categoryIds.filter((x) => x !== cid))} aria-label={t('removeCategory', { name })} title={t('removeCategory', { name })}>
                      ×
                    </button>
                  </li>
                );
              }}
            </CategoriesCard>
          </>
        )}

        <SaveBar dirty={isDirty} status={isDirty ? t('unsaved') : ''} live saving={saving} submit={t('save')} testId="save-product">
          <span className={styles.shortcut}>{t('shortcut')}</span>
          <button type="button" className={styles.ghostButton} disabled={!isDirty || saving} onClick={() => reset()}>
            {t('discard')}
          </button>
        </SaveBar>
      </form>
    </FormProvider>
  );
}
