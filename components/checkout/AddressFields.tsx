'use client';

/**
 * The address form of the checkout (a new address) and of the profile (editing a saved one): one set of
 * rules (./forms addressSchema), one set of fields, one payload.
 */
import { useMemo, type InputHTMLAttributes } from 'react';
import { useTranslations } from 'next-intl';
import type { Address, AddressInput } from '@/lib/api/orders';
import { TextField } from '@/components/ui/Field';
import { useShopForm } from '@/components/ui/form';
import { addressSchema, type AddressForm, type AddressFormInput } from './forms';

export function useAddressForm(address?: Address) {
  const t = useTranslations('checkout.address');
  const tf = useTranslations('checkout.form');
  const schema = useMemo(() => addressSchema({ required: tf('required'), postalCode: t('postalCodeInvalid') }), [t, tf]);
  return useShopForm(
    schema,
    {
      province: address?.province ?? '',
      city: address?.city ?? '',
      street: address?.street ?? '',
      number: address?.number ?? '',
      postalCode: address?.postalCode ?? '',
      floor: address?.floor ?? '',
      extraData: address?.extraData ?? '',
    },
    tf('incomplete'),
  );
}

/** What the API takes: the optional parts left empty are null. */
export function addressPayload(values: AddressForm): AddressInput {
  return { ...values, floor: values.floor || null, extraData: values.extraData || null };
}

type Name = keyof AddressFormInput;
const MAIN: readonly [Name, InputHTMLAttributes<HTMLInputElement>][] = [
  ['province', { autoComplete: 'address-level1' }],
  ['city', { autoComplete: 'address-level2' }],
  ['street', { autoComplete: 'address-line1' }],
  ['number', { inputMode: 'numeric' }],
  ['postalCode', { autoComplete: 'postal-code' }],
  ['floor', {}],
];

/** The seven fields; `groupClassName` lays out the six short ones (the notes field stays full width). */
export function AddressFields({
  form,
  groupClassName,
}: {
  form: ReturnType<typeof useAddressForm>;
  groupClassName?: string;
}) {
  const t = useTranslations('checkout.address');
  const field = (name: Name, attrs: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField key={name} label={t(name)} announce {...attrs} {...form.field(name)} />
  );
  const main = MAIN.map(([name, attrs]) => field(name, attrs));
  return (
    <>
      {groupClassName ? <div className={groupClassName}>{main}</div> : main}
      {field('extraData')}
    </>
  );
}
