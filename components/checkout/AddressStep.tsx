'use client';

/**
 * Step 3 (transport to an address): a saved address, or a new one that must be SAVED (POST api/address)
 * before continuing — spec §5 'An address must be saved, not just typed into the form'. "Continuar"
 * saves a typed address itself (with the form's validation) through `saverRef`, so typing is enough.
 */
import { useEffect, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { ordersApi, type Address } from '@/lib/api/orders';
import { useMessages } from '@/components/toast/MessagesProvider';
import { usePublicApi } from '@/lib/api/public';
import { Button } from '@/components/ui/Button';
import { addressSchema, type AddressForm } from './forms';
import { TextInput } from './Field';
import { FORM_WARNING_SECONDS } from './useFormWarning';
import { submitAndReport, type StepSaver } from './step-saver';
import styles from './checkout.module.css';

export function addressLine(a: Address): string {
  const floor = a.floor ? `, ${a.floor}` : '';
  return `${a.street} ${a.number}${floor} — ${a.city}, ${a.province} (${a.postalCode})`;
}

export interface AddressStepProps {
  /** depot: the address tells the transport which city's depot receives the parcel */
  delivery: 'depot' | 'address';
  addresses: readonly Address[] | null;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onCreated: (address: Address) => void;
  /** lets "Continuar" save what is typed (components/checkout/step-saver.ts) */
  saverRef?: Ref<StepSaver>;
}

export function AddressStep({ delivery, addresses, selectedId, onSelect, onCreated, saverRef }: AddressStepProps) {
  const t = useTranslations('checkout.address');
  const tf = useTranslations('checkout.form');
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const [adding, setAdding] = useState(false);
  const schema = useMemo(() => addressSchema({ required: tf('required'), postalCode: t('postalCodeInvalid') }), [t, tf]);
  const form = useForm<AddressForm>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { province: '', city: '', street: '', number: '', postalCode: '', floor: '', extraData: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const showForm = adding || (addresses !== null && addresses.length === 0);
  const [focusId, setFocusId] = useState<number | null>(null);

  // After saving, focus (and so scroll to) the new option instead of leaving the page where the
  // removed form was (it used to jump to the footer).
  useEffect(() => {
    if (focusId !== null) document.getElementById(`address-option-${focusId}`)?.focus();
  }, [focusId, addresses]);

  const save = async (values: AddressForm): Promise<boolean> => {
    try {
      const created = await ordersApi.createAddress({
        ...values,
        floor: values.floor || null,
        extraData: values.extraData || null,
      });
      notify('SUCCESS', t('saved'));
      form.reset();
      setAdding(false);
      onCreated(created);
      setFocusId(created.id);
      return true;
    } catch (error) {
      handleError(error);
      return false;
    }
  };
  const invalid = () => notify('WARNING', tf('incomplete'), FORM_WARNING_SECONDS);
  const submit = form.handleSubmit(async (values) => void (await save(values)), invalid);

  useImperativeHandle(
    saverRef,
    () => ({
      pending: () => showForm && (selectedId === null || Object.values(form.getValues()).some((v) => typeof v === 'string' && v.trim() !== '')),
      save: () => submitAndReport(form.handleSubmit, save, invalid),
    }),
  );

  return (
    <div className={styles.stack}>
      {delivery === 'depot' ? <p className={styles.muted}>{t('depotNote')}</p> : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('legend')}</legend>
        {addresses === null ? (
          <p role="status" className={styles.muted}>
            {t('loading')}
          </p>
        ) : addresses.length === 0 ? (
          <p className={styles.muted}>{t('none')}</p>
        ) : (
          <ul className={styles.options} data-testid="address-options">
            {addresses.map((a) => (
              <li key={a.id}>
                <label className={`${styles.option} ${selectedId === a.id ? styles.optionChecked : ''}`}>
                  <input
                    type="radio"
                    id={`address-option-${a.id}`}
                    name="address"
                    value={a.id}
                    checked={selectedId === a.id}
                    onChange={() => onSelect(a.id)}
                  />
                  <span className={styles.optionText}>
                    <span className={styles.optionTitle}>
                      {a.street} {a.number}
                      {a.floor ? `, ${a.floor}` : ''}
                    </span>
                    <span className={styles.optionNote}>
                      {a.city}, {a.province} ({a.postalCode})
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      {showForm ? (
        <form
          className={styles.subform}
          noValidate
          onSubmit={submit}
          aria-labelledby="checkout-new-address"
          data-testid="address-form"
        >
          <h3 id="checkout-new-address" className={styles.subTitle}>
            {t('newTitle')}
          </h3>
          <p className={styles.muted}>{t('mustSave')}</p>
          <div className={styles.grid2}>
            <TextInput label={t('province')} autoComplete="address-level1" error={errors.province?.message} {...form.register('province')} />
            <TextInput label={t('city')} autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
            <TextInput label={t('street')} autoComplete="address-line1" error={errors.street?.message} {...form.register('street')} />
            <TextInput label={t('number')} inputMode="numeric" error={errors.number?.message} {...form.register('number')} />
            <TextInput label={t('postalCode')} autoComplete="postal-code" error={errors.postalCode?.message} {...form.register('postalCode')} />
            <TextInput label={t('floor')} error={errors.floor?.message} {...form.register('floor')} />
          </div>
          <TextInput label={t('extraData')} error={errors.extraData?.message} {...form.register('extraData')} />
          <div className={styles.actionsRow}>
            <Button type="submit" variant="secondary" disabled={isSubmitting}>
              {isSubmitting ? t('saving') : t('save')}
            </Button>
            {addresses && addresses.length > 0 ? (
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
