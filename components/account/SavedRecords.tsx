'use client';

/**
 * Profile → "Mis datos": the customer's saved addresses and billing records, outside the checkout
 * (issue 31 item 6). Addresses: list, edit (PUT api/address/{id}: one used by an order is kept for that
 * order and saved anew), delete, default; billing records: list, delete (refused while an order uses it,
 * with the API's message), default. The defaults are preselected in the checkout. New records are added in the checkout, where "Continuar" saves what is typed.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { ordersApi, type Address, type BillingData } from '@/lib/api/orders';
import { PublicApiError, usePublicApi } from '@/lib/api/public';
import { formatDocumentNumber } from '@/lib/validation/cuit';
import { useMessages } from '@/components/toast/MessagesProvider';
import { addressLine } from '@/components/checkout/AddressStep';
import { AddressFields, addressPayload, useAddressForm } from '@/components/checkout/AddressFields';
import styles from './profile.module.css';
import account from './account.module.css';
import { SubmitButton } from './SubmitButton';

export function SavedRecords() {
  const t = useTranslations('account.profile.records');
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [billing, setBilling] = useState<BillingData[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);

  const reload = useCallback(() => {
    void ordersApi.addresses().then(setAddresses, (e: unknown) => {
      setAddresses([]);
      handleError(e);
    });
    void ordersApi.billing().then(setBilling, (e: unknown) => {
      setBilling([]);
      handleError(e);
    });
  }, [handleError]);

  useEffect(() => {
    reload();
  }, [reload]);

  const refused = (error: unknown) => {
    if (error instanceof PublicApiError && error.failure.kind === 'http' && error.failure.message) notify('ERROR', error.failure.message, 5);
    else handleError(error);
  };

  /** Runs one change of the lists; the API's refusal (a record an order uses) is shown as it came. */
  const change = async (action: () => Promise<void>, done: string) => {
    try {
      await action();
      notify('SUCCESS', done);
    } catch (error) {
      refused(error);
    }
  };

  const makeDefault = (kind: 'address' | 'billing', id: number) =>
    change(async () => {
      if (kind === 'address') {
        await ordersApi.setDefaultAddress(id);
        setAddresses((list) => (list ?? []).map((x) => ({ ...x, isDefault: x.id === id })));
      } else {
        await ordersApi.setDefaultBilling(id);
        setBilling((list) => (list ?? []).map((x) => ({ ...x, isDefault: x.id === id })));
      }
    }, t('defaultSaved'));

  const removeAddress = async (a: Address) => {
    if (!window.confirm(t('confirmDeleteAddress', { address: addressLine(a) }))) return;
    await change(async () => {
      await ordersApi.deleteAddress(a.id);
      setAddresses((list) => (list ?? []).filter((x) => x.id !== a.id));
    }, t('addressDeleted'));
  };

  const removeBilling = async (b: BillingData) => {
    if (!window.confirm(t('confirmDeleteBilling', { document: `${b.documentType} ${formatDocumentNumber(b.documentType, b.number)}` }))) return;
    await change(async () => {
      await ordersApi.deleteBilling(b.id);
      setBilling((list) => (list ?? []).filter((x) => x.id !== b.id));
    }, t('billingDeleted'));
  };

  return (
    <section className={styles.records} aria-labelledby="profile-records" data-testid="profile-records">
      <h2 id="profile-records" className={styles.recordsTitle}>
        {t('title')}
      </h2>
      <RecordList title={t('addresses')} records={addresses} empty={t('noAddresses')} testId="profile-addresses">
        {(a) => (
          <li key={a.id} className={styles.record} data-testid="profile-address">
            {editing === a.id ? (
              <AddressEditor
                address={a}
                onCancel={() => setEditing(null)}
                onSaved={(saved) => {
                  setEditing(null);
                  setAddresses((list) => (list ?? []).map((x) => (x.id === a.id ? saved : x)));
                }}
              />
            ) : (
              <>
                <span className={styles.recordText}>
                  {addressLine(a)}
                  {a.isDefault ? <span className={styles.defaultMark}>{t('default')}</span> : null}
                </span>
                <span className={styles.recordActions}>
                  {a.isDefault ? null : (
                    <RecordButton record={addressLine(a)} onClick={() => void makeDefault('address', a.id)}>
                      {t('makeDefault')}
                    </RecordButton>
                  )}
                  <RecordButton record={addressLine(a)} onClick={() => setEditing(a.id)}>
                    {t('edit')}
                  </RecordButton>
                  <RecordButton record={addressLine(a)} onClick={() => void removeAddress(a)}>
                    {t('delete')}
                  </RecordButton>
                </span>
              </>
            )}
          </li>
        )}
      </RecordList>
      <RecordList title={t('billing')} records={billing} empty={t('noBilling')} testId="profile-billing">
        {(b) => {
          const label = `${b.taxCondition} · ${b.documentType} ${formatDocumentNumber(b.documentType, b.number)}`;
          return (
            <li key={b.id} className={styles.record} data-testid="profile-billing-item">
              <span className={styles.recordText}>
                {label}
                {b.isDefault ? <span className={styles.defaultMark}>{t('default')}</span> : null}
              </span>
              <span className={styles.recordActions}>
                {b.isDefault ? null : (
                  <RecordButton record={label} onClick={() => void makeDefault('billing', b.id)}>
                    {t('makeDefault')}
                  </RecordButton>
                )}
                <RecordButton record={label} onClick={() => void removeBilling(b)}>
                  {t('delete')}
                </RecordButton>
              </span>
            </li>
          );
        }}
      </RecordList>
      <p className={styles.muted}>{t('addInCheckout')}</p>
    </section>
  );
}

function AddressEditor({ address, onCancel, onSaved }: { address: Address; onCancel: () => void; onSaved: (a: Address) => void }) {
  const t = useTranslations('checkout.address');
  const tr = useTranslations('account.profile.records');
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const form = useAddressForm(address);
  const { isSubmitting } = form.formState;
  const submit = form.submitWith(async (values) => {
    try {
      const saved = await ordersApi.updateAddress(address.id, addressPayload(values));
      notify('SUCCESS', tr('addressSaved'));
      onSaved(saved);
    } catch (error) {
      handleError(error);
    }
  });
  return (
    <form className={styles.recordForm} noValidate onSubmit={submit} aria-label={tr('editAddress')} data-testid="profile-address-form">
      <AddressFields form={form} />
      <span className={styles.recordActions}>
        <SubmitButton disabled={isSubmitting}>
          {isSubmitting ? t('saving') : tr('save')}
        </SubmitButton>
        <button type="button" className={`${account.button} ${account.buttonSecondary}`} onClick={onCancel}>
          {tr('cancel')}
        </button>
      </span>
    </form>
  );
}

/** A record's action button: its text (Editar, Eliminar…) followed, for screen readers, by the record it acts on. */
function RecordButton({ record, onClick, children }: { record: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={`${account.button} ${account.buttonSecondary}`} onClick={onClick}>
      {children}
      <span className="visually-hidden"> {record}</span>
    </button>
  );
}

/** One list of saved records under its heading: loading, its empty text, or a record per item. */
function RecordList<T extends { id: number }>({
  title,
  records,
  empty,
  testId,
  children,
}: {
  title: string;
  records: T[] | null;
  empty: string;
  testId: string;
  children: (record: T) => ReactNode;
}) {
  const t = useTranslations('account.profile.records');
  return (
    <>
      <h3 className={styles.recordsSub}>{title}</h3>
      {records === null ? (
        <p role="status">{t('loading')}</p>
      ) : records.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.recordList} data-testid={testId}>
          {records.map(children)}
        </ul>
      )}
    </>
  );
}
