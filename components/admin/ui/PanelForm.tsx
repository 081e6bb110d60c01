import type { FormEvent, ReactNode } from 'react';
import admin from '../admin.module.css';
import { FieldError } from './field-error';
import { Panel } from './Panel';

/**
 * A panel holding one small form of the order page (remit, bill): its fields stacked (children), the error
 * under them and the submit button.
 */
export function PanelForm({
  headingId,
  title,
  onSubmit,
  error,
  busy,
  submit,
  children,
}: {
  headingId: string;
  title: ReactNode;
  onSubmit: (e: FormEvent) => Promise<void>;
  /** the form's one error (useFieldError) */
  error: { id: string; text: string | null };
  busy: boolean;
  submit: string;
  children: ReactNode;
}) {
  return (
    <Panel headingId={headingId} title={title}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className={admin.stack}>
        {children}
        <FieldError id={error.id} error={error.text} className={admin.error} />
        <button type="submit" className={admin.secondaryButton} disabled={busy}>
          {submit}
        </button>
      </form>
    </Panel>
  );
}
