'use client';

/** A parent's variations, each row a small form: price, sale price and state, saved on its own. */
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { Link } from '@/i18n/navigation';
import { publicRequest } from '@/lib/api/public';
import type { ProductState, StaffVariation } from '@/lib/admin/products';
import { useApiAction } from '@/components/ui/useApiAction';
import { parsePrice } from './form';
import { formatAmountInput } from '@/lib/money/parse';
import styles from './products.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { CodeOptions } from '../ui/Options';
import { ListTable } from '../ui/list';
import { Panel } from '../ui/Panel';
import { CARD } from './card';

const STATES: ProductState[] = ['active', 'limited', 'noStock', 'hidden'];

type RowValues = { price: string; discount: string; state: ProductState };

function VariationRow({ v, waiting }: { v: StaffVariation; waiting?: string }) {
  const t = useTranslations('adminProducts.client');
  const ts = useTranslations('adminProducts.states');
  const { busy: saving, run } = useApiAction();
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
  const save = handleSubmit((r) =>
    run(async () => {
      const saved = await publicRequest<{ price: number; discount: number | null; state: ProductState }>(staffApiPaths.product(v.id), {
        method: 'PATCH',
        body: { price: parsePrice(r.price)!, discount: r.discount.trim() === '' ? null : parsePrice(r.discount)!, state: r.state },
      });
      reset(initial({ ...v, ...saved }));
    }, t('variations.saved')),
  );
  const rid = `var-${v.id}`;
  // each control in its cell, named for screen readers by its column and the variation, in the row's form
  const cell = (field: keyof RowValues, column: 'colPrice' | 'colDiscount' | 'colState', control: ReactNode) => (
    <td>
      <label htmlFor={`${rid}-${field}`} className="visually-hidden">
        {t(`variations.${column}`)} {v.name}
      </label>
      {control}
    </td>
  );
  const amount = (field: 'price' | 'discount') => (
    <input id={`${rid}-${field}`} className={styles.cellInput} inputMode="decimal" {...register(field)} aria-invalid={!!errors[field]} title={errors[field]?.message} form={`${rid}-f`} />
  );
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
      {cell('price', 'colPrice', amount('price'))}
      {cell('discount', 'colDiscount', amount('discount'))}
      {cell(
        'state',
        'colState',
        <select id={`${rid}-state`} className={styles.cellInput} {...register('state')} form={`${rid}-f`}>
          <CodeOptions codes={STATES} label={(s) => ts(s)} />
        </select>,
      )}
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
    <Panel
      headingId="variations-title"
      title={
        <>
          {t('title')} <span className={styles.countTag}>{variations.length}</span>
        </>
      }
      look={CARD}
    >
      <ListTable
        empty=""
        rows={variations.length}
        look={{ tableWrap: styles.tableWrap, table: styles.table }}
        columns={[{ label: t('colName') }, { label: t('colPrice') }, { label: t('colDiscount') }, { label: t('colState') }, { label: <span className="visually-hidden">{t('save')}</span> }]}
      >
        {variations.map((v) => (
          <VariationRow key={v.id} v={v} waiting={waiting[v.id]} />
        ))}
      </ListTable>
    </Panel>
  );
}
