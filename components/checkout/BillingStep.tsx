'use client';

/**
 * Step 4: saved billing data, or new data (tax condition + CUIT / CUIL / DNI with check-digit validation)
 * saved through POST api/billing; a duplicate number is refused by the API with
 * 'Ya tenemos registrado ese CUIT/CUIL/DNI' (shown under the field and as a toast).
 */
import { useEffect, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { ordersApi, type BillingData } from '@/lib/api/orders';
import { PublicApiError, usePublicApi } from '@/lib/api/public';
import { DOCUMENT_TYPES, TAX_CONDITIONS, formatDocumentNumber } from '@/lib/validation/cuit';
import { useMessages } from '@/components/toast/MessagesProvider';
import { Button } from '@/components/ui/Button';
import { billingSchema, type BillingFormInput } from './forms';
import { SelectInput, TextInput } from './Field';
import { FORM_WARNING_SECONDS } from './useFormWarning';
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
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const [adding, setAdding] = useState(false);
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
  const form = useForm<BillingFormInput>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { taxCondition: '', documentType: 'CUIT', number: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const showForm = adding || (billing !== null && billing.length === 0);

  const [focusId, setFocusId] = useState<number | null>(null);
  useEffect(() => {
    if (focusId !== null) document.getElementById(`billing-option-${focusId}`)?.focus();
  }, [focusId, billing]);

  const save = async (values: BillingFormInput): Promise<boolean> => {
    const parsed = schema.parse(values);
    try {
      const created = await ordersApi.createBilling(parsed);
      notify('SUCCESS', t('saved'));
      form.reset();
      setAdding(false);
      onCreated(created);
      setFocusId(created.id);
      return true;
    } catch (error) {
      if (error instanceof PublicApiError && error.failure.kind === 'http' && error.failure.message) {
        form.setError('number', { message: error.failure.message });
      }
      handleError(error);
      return false;
    }
  };
  const invalid = () => notify('WARNING', tf('incomplete'), FORM_WARNING_SECONDS);
  const submit = form.handleSubmit(async (values) => void (await save(values)), invalid);

  useImperativeHandle(saverRef, () => ({
    pending: () => {
      const v = form.getValues();
      return showForm && (selectedId === null || v.taxCondition !== '' || v.number.trim() !== '');
    },
    save: () => submitAndReport(form.handleSubmit, save, invalid),
  }));

  return (
    <div className={styles.stack}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('legend')}</legend>
        {billing === null ? (
          <p role="status" className={styles.muted}>
            {t('loading')}
          </p>
        ) : billing.length === 0 ? (
          <p className={styles.muted}>{t('none')}</p>
        ) : (
          <ul className={styles.options} data-testid="billing-options">
            {billing.map((b) => (
              <li key={b.id}>
                <label className={`${styles.option} ${selectedId === b.id ? styles.optionChecked : ''}`}>
                  <input
                    type="radio"
                    id={`billing-option-${b.id}`}
                    name="billing"
                    value={b.id}
                    checked={selectedId === b.id}
                    onChange={() => onSelect(b.id)}
                  />
                  <span className={styles.optionText}>
                    <span className={styles.optionTitle}>
                      {b.documentType} {formatDocumentNumber(b.documentType, b.number)}
                    </span>
                    <span className={styles.optionNote}>{b.taxCondition}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      {showForm ? (
        <form className={styles.subform} noValidate onSubmit={submit} aria-labelledby="checkout-new-billing" data-testid="billing-form">
          <h3 id="checkout-new-billing" className={styles.subTitle}>
            {t('newTitle')}
          </h3>
          <div className={styles.grid2}>
            <SelectInput label={t('taxCondition')} error={errors.taxCondition?.message} {...form.register('taxCondition')}>
              <option value="">{t('choose')}</option>
              {TAX_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {t(`taxConditions.${c.replace(/\s+/g, '')}`)}
                </option>
              ))}
            </SelectInput>
            <SelectInput label={t('documentType')} error={errors.documentType?.message} {...form.register('documentType')}>
              {DOCUMENT_TYPES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </SelectInput>
          </div>
          <TextInput
            label={t('number')}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('numberPlaceholder')}
            error={errors.number?.message}
            {...form.register('number')}
          />
          <div className={styles.actionsRow}>
            <Button type="submit" variant="secondary" disabled={isSubmitting}>
              {isSubmitting ? t('saving') : t('save')}
            </Button>
            {billing && billing.length > 0 ? (
              <Button
                variant="ghost"
                onClick={() => {
                  form.reset();
                  setAdding(false);
                }}
              >
                {t('cancelNew')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t('add')}
        </Button>
      )}
    </div>
  );
}
