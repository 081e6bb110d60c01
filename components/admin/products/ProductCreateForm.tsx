'use client';

/**
 * "Nuevo producto" (POST api/staff/products): name, description, price, state, quantities, tiers,
 * categories and, optionally, variations. The editor's form model and rules (./form.ts; amounts read as the
 * shop types them, es-AR) and its price fields, echo, tier warnings and offers (./PriceFields.tsx); the API's
 * Spanish message is shown when it still refuses (a taken name). On success it opens the new product's
 * editor, where images are added.
 */
import { useId, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { CategoryRef, StaffProductDetail } from '@/lib/admin/products';
import { useMessages } from '@/components/toast/MessagesProvider';
import { emptyCreateValues, productCreateSchema, toCreateBody, type ProductCreateValues } from './form';
import { CategoriesCard, FieldError, MoneyInput, OffersCard, PriceFields, QuantitiesCard, SaveBar, StateField, useFormMessages } from './PriceFields';
import { CARD } from './card';
import { Panel } from '../ui/Panel';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';

export function ProductCreateForm({ categoryOptions }: { categoryOptions: CategoryRef[] }) {
  const t = useTranslations('adminProducts.client');
  const tc = useTranslations('adminProducts.create');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const id = useId();
  const [saving, setSaving] = useState(false);
  const schema = productCreateSchema({
    ...useFormMessages(),
    name: tc('invalid.name'),
    variable: tc('invalid.variable'),
    variationName: tc('invalid.variationName'),
    variationDuplicate: tc('invalid.variationDuplicate'),
  });
  const form = useForm<ProductCreateValues>({ resolver: zodResolver(schema), defaultValues: emptyCreateValues(), mode: 'onBlur' });
  const { register, handleSubmit, formState, setValue, control } = form;
  const { errors } = formState;
  const variations = useFieldArray({ control, name: 'variations' });
  const categoryIds = useWatch({ control, name: 'categoryIds' });
  const price = useWatch({ control, name: 'price' });

  const onSubmit = async (values: ProductCreateValues) => {
    setSaving(true);
    try {
      const created = await publicRequest<StaffProductDetail>(staffApiPaths.products(), { method: 'POST', body: toCreateBody(values) });
      notify('SUCCESS', tc('created'));
      router.push(`/admin/products/${created.id}`);
    } catch (err) {
      handleError(err);
      setSaving(false);
    }
  };
  const submit = handleSubmit(onSubmit, () => notify('ERROR', t('invalid.form')));

  const err = (msg: string | undefined, fieldId: string) => <FieldError msg={msg} fieldId={fieldId} />;
  const toggleCategory = (cid: number, on: boolean) =>
    setValue('categoryIds', on ? [...categoryIds, cid] : categoryIds.filter((x) => x !== cid), { shouldDirty: true });

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.editor} data-testid="product-create-form" aria-busy={saving}>
        <Panel headingId={`${id}-main`} title={tc('main')} look={CARD}>
          <div className={styles.field}>
            <label htmlFor={`${id}-name`}>{tc('name')}</label>
            <input id={`${id}-name`} maxLength={200} autoComplete="off" {...register('name')} aria-invalid={!!errors.name} aria-describedby={`${id}-name-hint`} data-testid="create-name" />
            <span id={`${id}-name-hint`} className={styles.hint}>
              {tc('nameHint')}
            </span>
            {err(errors.name?.message, `${id}-name`)}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-description`}>{tc('description')}</label>
            <textarea id={`${id}-description`} rows={4} maxLength={20_000} {...register('description')} data-testid="create-description" />
            <span className={styles.hint}>{tc('descriptionHint')}</span>
          </div>
          <PriceFields id={id} savedPrice={0} priceTestId="create-price" />
          <StateField />
        </Panel>

        <QuantitiesCard id={id} />

        <CategoriesCard id={id} hint={tc('categoriesHint')} items={categoryOptions} className={styles.checkGrid}>
          {(c) => (
            <li key={c.id}>
              <label className={styles.check}>
                <input type="checkbox" checked={categoryIds.includes(c.id)} onChange={(e) => toggleCategory(c.id, e.target.checked)} data-testid={`create-category-${c.slug}`} />
                {c.name}
                {categoryIds[0] === c.id ? <span className={styles.mainTag}>{t('main')}</span> : null}
              </label>
            </li>
          )}
        </CategoriesCard>

        <OffersCard id={id} />

        <Panel
          headingId={`${id}-vars`}
          title={tc('variations')}
          look={CARD}
          actions={
            <button type="button" className={styles.ghostButton} onClick={() => variations.append({ name: '', price: price ?? '' }, { shouldFocus: true })} data-testid="add-variation">
              + {tc('addVariation')}
            </button>
          }
        >
          <p className={styles.hint}>{tc('variationsHint')}</p>
          {variations.fields.length ? (
            <>
              <div className={styles.field}>
                <label htmlFor={`${id}-variable`}>{tc('variable')}</label>
                <input id={`${id}-variable`} maxLength={50} placeholder={tc('variablePlaceholder')} {...register('variable')} aria-invalid={!!errors.variable} />
                {err(errors.variable?.message, `${id}-variable`)}
              </div>
              <ol className={styles.offers}>
                {variations.fields.map((f, i) => {
                  const e = errors.variations?.[i];
                  const fid = `${id}-v${i}`;
                  return (
                    <li key={f.id} className={styles.offer}>
                      <div className={`${styles.field} ${styles.grow}`}>
                        <label htmlFor={`${fid}-name`}>{tc('variationName')}</label>
                        <input id={`${fid}-name`} maxLength={100} {...register(`variations.${i}.name`)} aria-invalid={!!e?.name} />
                        {err(e?.name?.message, `${fid}-name`)}
                      </div>
                      <div className={styles.field}>
                        <label htmlFor={`${fid}-price`}>{t('price')}</label>
                        <MoneyInput id={`${fid}-price`} {...register(`variations.${i}.price`)} aria-invalid={!!e?.price} />
                        {err(e?.price?.message, `${fid}-price`)}
                      </div>
                      <button type="button" className={styles.iconButton} onClick={() => variations.remove(i)} aria-label={tc('removeVariation', { index: i + 1 })} title={tc('removeVariation', { index: i + 1 })}>
                        ×
                      </button>
                    </li>
                  );
                })}
              </ol>
            </>
          ) : (
            <p className={styles.muted}>{tc('noVariations')}</p>
          )}
        </Panel>

        <SaveBar dirty status={tc('imagesLater')} saving={saving} submit={tc('submit')} testId="create-product" />
      </form>
    </FormProvider>
  );
}
