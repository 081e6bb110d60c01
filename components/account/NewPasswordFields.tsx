'use client';

import { PasswordField, type TextFieldProps } from '@/components/ui/Field';

/**
 * A new password and its confirmation (the change-password and reset-password forms), both marked
 * `new-password` so password managers offer to generate and save it. `field` is the form's useShopForm field().
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  field,
}: {
  idPrefix: string;
  labels: { newPassword: string; confirmPassword: string };
  field: (name: 'newPassword' | 'confirmPassword') => Omit<TextFieldProps, 'label'>;
}) {
  return (
    <>
      <PasswordField id={`${idPrefix}-new`} label={labels.newPassword} autoComplete="new-password" {...field('newPassword')} />
      <PasswordField id={`${idPrefix}-confirm`} label={labels.confirmPassword} autoComplete="new-password" {...field('confirmPassword')} />
    </>
  );
}
