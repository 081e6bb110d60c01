'use client';

/** A parent's variations, each row a small form: price, sale price and state, saved on its own. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { Link, useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import type { ProductState, StaffVariation } from '@/lib/admin/products';
import { useMessages } from '@/components/toast/MessagesProvider';
import { parsePrice } from './form';
import { formatAmountInput } from '@/lib/money/parse';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { CodeOptions } from '../ui/Options';

const STATES: ProductState[] = ['active', 'limited', 'noStock', 'hidden'];

type RowValues = { price: string; discount: string; state: ProductState };

function VariationRow({ v, waiting }: { v: StaffVariation; waiting?: string }) {
  const t = useTranslations('adminProducts.client');
  const ts = useTranslations('adminProducts.states');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const [saving, setSaving] = useState(false);
  const schema = z
    .object({
      price: z.string().refine((s) => parsePrice(s) !== null, t('invalid.price')),
      discount: z.string().refine((s) => s.trim() === '' || parsePrice(s) !== null, t('invalid.price')),
      state: z.enum(['active', 'limited', 'noStock', 'hidden']),
    })
    .refine((r) => r.discount.trim() === '' || (parsePrice(r.discount) ?? 0) < (parsePrice(r.price) ?? 0), { path: ['discount'], message: t('invalid.discount') });
  const fmt = formatAmountInput;
  const initial = (x: StaffVariation): RowValues => ({ price: fmt(x.price), discount: x.discount === null ? '' : fmt(x.discount), state: x.state });
  const { register, handleSubmit, formState, reset } = useForm<RowValues>({ resolver: zodResolver(schema), defaultValues: initial(v) });
  const { errors, isDirty } = formState;
  const save = handleSubmit(async (r) => {
    setSaving(true);
    try {
      const saved = await publicRequest<{ price: number; discount: number | null; state: ProductState }>(staffApiPaths.product(v.id), {
        method: 'PATCH',
        body: { price: parsePrice(r.price)!, discount: r.discount.trim() === '' ? null : parsePrice(r.discount)!, state: r.state },
      });
      reset({ price: fmt(saved.price), discount: saved.discount === null ? '' : fmt(saved.discount), state: saved.state });
      notify('SUCCESS', t('variations.saved'));
      router.refresh();
    } catch (err) {
      handleError(err);
    } finally {
      setSaving(false);
    }
  });
  const rid = `var-${v.id}`;
  return (
    <tr data-testid="variation-row">
      <td>
        <Link href={`/admin/products/${v.id}`} className={styles.rowLink}>
          {v.name}
        </Link>
        {waiting ? (
          <span className={styles.waitingBadge} data-testid="waiting-count">
            {waiting}
          </span>
        ) : null}
        <span className={styles.sku}>{v.sku}</span>
      </td>
      <td>
        <label htmlFor={`${rid}-p`} className="visually-hidden">
          {t('variations.colPrice')} {v.name}
        </label>
        <input id={`${rid}-p`} className={styles.cellInput} inputMode="decimal" {...register('price')} aria-invalid={!!errors.price} title={errors.price?.message} form={`${rid}-f`} />
      </td>
      <td>
        <label htmlFor={`${rid}-d`} className="visually-hidden">
          {t('variations.colDiscount')} {v.name}
        </label>
        <input id={`${rid}-d`} className={styles.cellInput} inputMode="decimal" {...register('discount')} aria-invalid={!!errors.discount} title={errors.discount?.message} form={`${rid}-f`} />
      </td>
      <td>
        <label htmlFor={`${rid}-s`} className="visually-hidden">
          {t('variations.colState')} {v.name}
        </label>
        <select id={`${rid}-s`} className={styles.cellInput} {...register('state')} form={`${rid}-f`}>
          <CodeOptions codes={STATES} label={(s) => ts(s)} />
        </select>
      </td>
      <td>
        <form id={`${rid}-f`} onSubmit={(e) => void save(e)} noValidate>
          <button type="submit" className={styles.rowSave} disabled={!isDirty || saving} aria-label={t('variations.saveRow', { name: v.name })}>
            {t('variations.save')}
          </button>
        </form>
        {errors.price || errors.discount ? (
          <span className={styles.fieldError} role="alert">
            {errors.price?.message ?? errors.discount?.message}
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** `waiting`: per variation id, the server's text of how many customers wait for its stock (issue 24 §3). */
export function VariationsTable({ variations, waiting = {} }: { variations: StaffVariation[]; waiting?: Record<number, string> }) {
  const t = useTranslations('adminProducts.client.variations');
  return (
    <section className={styles.card} aria-labelledby="variations-title">
      <h2 id="variations-title" className={styles.cardTitle}>
        {t('title')} <span className={styles.countTag}>{variations.length}</span>
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('colName')}</th>
              <th scope="col">{t('colPrice')}</th>
              <th scope="col">{t('colDiscount')}</th>
              <th scope="col">{t('colState')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('save')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {variations.map((v) => (
              <VariationRow key={v.id} v={v} waiting={waiting[v.id]} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
