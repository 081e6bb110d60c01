import type { FormEventHandler, ReactNode } from 'react';
import { FormMessage } from '@/components/ui/Field';
import styles from './account.module.css';
import { SubmitButton } from './SubmitButton';

/** What the form needs of useAccountForm's answer. */
interface SubmittableForm<V> {
  submitWith: (onValid: (values: V) => Promise<void>) => FormEventHandler<HTMLFormElement>;
  formState: { isSubmitting: boolean; isDirty: boolean };
}

interface AccountFormProps<V> {
  form: SubmittableForm<V>;
  /** sends the valid values (an invalid submit warns instead: useShopForm) */
  onValid: (values: V) => Promise<void>;
  /** the server's answer, shown above the form (an error unless `tone` says otherwise) */
  message?: string | null;
  tone?: 'error' | 'success';
  /** the submit button's label; the button is disabled while the form is being sent */
  submit: ReactNode;
  /** the button is also disabled while the form has no change (an edit form) */
  needsChange?: boolean;
  /** the submit button spans the card */
  block?: boolean;
  /** a line under the form (back to login): the answer, form and line are then one column */
  footer?: ReactNode;
  children: ReactNode;
}

/** An account form (register, forgot, reset, profile): the answer above it, its fields and the submit button. */
export function AccountForm<V>({ form, onValid, message, tone = 'error', submit, needsChange, block, footer, children }: AccountFormProps<V>) {
  // isDirty is read (and so watched) only by the forms that need a change
  const disabled = form.formState.isSubmitting || (needsChange === true && !form.formState.isDirty);
  const body = (
    <>
      {message ? <FormMessage tone={tone}>{message}</FormMessage> : null}
      <form className={styles.form} noValidate onSubmit={form.submitWith(onValid)}>
        {children}
        <SubmitButton block={block} disabled={disabled}>
          {submit}
        </SubmitButton>
      </form>
    </>
  );
  if (footer === undefined) return body;
  return (
    <div className={styles.form}>
      {body}
      <p className={styles.footer}>{footer}</p>
    </div>
  );
}
