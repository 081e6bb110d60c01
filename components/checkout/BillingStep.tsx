'use client';

/**
 * Step 4: saved billing data, or new data (tax condition + CUIT / CUIL / DNI with check-digit validation)
 * saved through POST api/billing; a duplicate number is refused by the API with
 * 'Ya tenemos registrado ese CUIT/CUIL/DNI' (shown under the field and as a toast).
 */
import { useImperativeHandle, useMemo, type Ref } from 'react';
import { useTranslations } from 'next-intl';
import { ordersApi, type BillingData } from '@/lib/api/orders';
import { PublicApiError, usePublicApi } from '@/lib/api/public';
import { DOCUMENT_TYPES, TAX_CONDITIONS, formatDocumentNumber } from '@/lib/validation/cuit';
import { SelectField, TextField } from '@/components/ui/Field';
import { useShopForm } from '@/components/ui/form';
import { billingSchema, type BillingForm } from './forms';
import { NewRecordForm, SavedOptions, useNewRecord } from './RecordStep';
import { submitAndReport, type StepSaver } from './step-saver';
import styles from './checkout.module.css';

export interface BillingStepProps {
  billing: readonly BillingData[] | null;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onCreated: (data: BillingData) => void;
  /** lets "Continuar" save what is typed (components/checkout/step-saver.ts) */
  saverRef?: Ref<StepSaver>;
}

export function BillingStep({ billing, selectedId, onSelect, onCreated, saverRef }: BillingStepProps) {
  const t = useTranslations('checkout.billing');
  const tf = useTranslations('checkout.form');
  const { handleError } = usePublicApi();
  const schema = useMemo(
    () =>
      billingSchema({
        taxCondition: t('taxConditionRequired'),
        required: tf('required'),
        CUIT: t('invalid.CUIT'),
        CUIL: t('invalid.CUIL'),
        DNI: t('invalid.DNI'),
      }),
    [t, tf],
  );
  const form = useShopForm(schema, { taxCondition: '', documentType: 'CUIT', number: '' }, tf('incomplete'));
  const { isSubmitting } = form.formState;
  const record = useNewRecord('billing', billing, onCreated);

  const save = async (parsed: BillingForm): Promise<boolean> => {
    try {
      const created = await ordersApi.createBilling(parsed);
      form.reset();
      record.saved(created);
      return true;
    } catch (error) {
      if (error instanceof PublicApiError && error.failure.kind === 'http' && error.failure.message) {
        form.setError('number', { message: error.failure.message });
      }
      handleError(error);
      return false;
    }
  };
  const submit = form.submitWith(async (values) => void (await save(values)));

  useImperativeHandle(saverRef, () => ({
    pending: () => {
      const v = form.getValues();
      return record.showForm && (selectedId === null || v.taxCondition !== '' || v.number.trim() !== '');
    },
    save: () => submitAndReport(form.handleSubmit, save, form.onInvalid),
  }));

  return (
    <div className={styles.stack}>
      <SavedOptions
        section="billing"
        records={billing}
        selectedId={selectedId}
        onSelect={onSelect}
        describe={(b) => ({ title: `${b.documentType} ${formatDocumentNumber(b.documentType, b.number)}`, note: b.taxCondition })}
      />
      <NewRecordForm section="billing" record={record} onSubmit={submit} onCancel={() => form.reset()} isSubmitting={isSubmitting}>
        <div className={styles.grid2}>
          <SelectField label={t('taxCondition')} announce {...form.field('taxCondition')}>
            <option value="">{t('choose')}</option>
            {TAX_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {t(`taxConditions.${c.replace(/\s+/g, '')}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('documentType')} announce {...form.field('documentType')}>
            {DOCUMENT_TYPES.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label={t('number')}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('numberPlaceholder')}
          announce
          {...form.field('number')}
        />
      </NewRecordForm>
    </div>
  );
}
