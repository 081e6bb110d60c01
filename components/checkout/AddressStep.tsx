'use client';

/**
 * Step 3 (transport to an address): a saved address, or a new one that must be SAVED (POST api/address)
 * before continuing — spec §5 'An address must be saved, not just typed into the form'. "Continuar"
 * saves a typed address itself (with the form's validation) through `saverRef`, so typing is enough.
 */
import { useImperativeHandle, type Ref } from 'react';
import { useTranslations } from 'next-intl';
import { ordersApi, type Address } from '@/lib/api/orders';
import { usePublicApi } from '@/lib/api/public';
import type { AddressForm } from './forms';
import { AddressFields, addressPayload, useAddressForm } from './AddressFields';
import { NewRecordForm, SavedOptions, useNewRecord } from './RecordStep';
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
  const { handleError } = usePublicApi();
  const form = useAddressForm();
  const record = useNewRecord('address', addresses, onCreated);

  const save = async (values: AddressForm): Promise<boolean> => {
    try {
      const created = await ordersApi.createAddress(addressPayload(values));
      form.reset();
      record.saved(created);
      return true;
    } catch (error) {
      handleError(error);
      return false;
    }
  };
  const submit = form.submitWith(async (values) => void (await save(values)));

  useImperativeHandle(
    saverRef,
    () => ({
      pending: () =>
        record.showForm && (selectedId === null || Object.values(form.getValues()).some((v) => typeof v === 'string' && v.trim() !== '')),
      save: () => submitAndReport(form.handleSubmit, save, form.onInvalid),
    }),
  );

  return (
    <div className={styles.stack}>
      {delivery === 'depot' ? <p className={styles.muted}>{t('depotNote')}</p> : null}
      <SavedOptions
        section="address"
        records={addresses}
        selectedId={selectedId}
        onSelect={onSelect}
        describe={(a) => ({
          title: `${a.street} ${a.number}${a.floor ? `, ${a.floor}` : ''}`,
          note: `${a.city}, ${a.province} (${a.postalCode})`,
        })}
      />
      <NewRecordForm section="address" record={record} onSubmit={submit} onCancel={() => form.reset()} isSubmitting={form.formState.isSubmitting}>
        <p className={styles.muted}>{t('mustSave')}</p>
        <AddressFields form={form} groupClassName={styles.grid2} />
      </NewRecordForm>
    </div>
  );
}
