'use client';

/**
 * Labelled form controls for the account and checkout forms: label, control, hint and error wired with
 * aria-invalid / aria-describedby. They take react-hook-form's `register()` props as they are.
 */
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { useTranslations } from 'next-intl';
import styles from './Field.module.css';

interface FieldOptions {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** a fixed id (tests and e2e find some fields by it); otherwise one from useId */
  id?: string;
  /** the error is announced as it appears (role=alert): for forms without a message of their own above them */
  announce?: boolean;
}

/** The ids and aria attributes of one field: the control points at its hint and error. */
function useField({ id, error, hint }: Pick<FieldOptions, 'id' | 'error' | 'hint'>) {
  const auto = useId();
  const fid = id ?? auto;
  const described = [hint ? `${fid}-hint` : null, error ? `${fid}-error` : null].filter(Boolean).join(' ');
  return {
    id: fid,
    control: { id: fid, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined },
  };
}

function FieldError({ id, message, announce }: { id: string; message?: string; announce?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role={announce ? 'alert' : undefined} data-field-error="">
      {message}
    </p>
  );
}

/** Label above, then the control, its hint and its error. */
function FieldFrame({ id, label, hint, error, announce, children }: FieldOptions & { id: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} announce={announce} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };
export type TextFieldProps = InputProps & FieldOptions;

export function TextField({ label, error, hint, id, announce, className, ...input }: TextFieldProps) {
  const field = useField({ id, error, hint });
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={error} announce={announce}>
      <input className={`${styles.input} ${className ?? ''}`} {...field.control} {...input} />
    </FieldFrame>
  );
}

/** An e-mail address: the phone's e-mail keyboard and the browser's e-mail autofill. */
export function EmailField(props: TextFieldProps) {
  return <TextField type="email" inputMode="email" autoComplete="email" {...props} />;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { ref?: Ref<HTMLSelectElement> };

export function SelectField({ label, error, hint, id, announce, className, ...select }: SelectProps & FieldOptions) {
  const field = useField({ id, error, hint });
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={error} announce={announce}>
      <select className={`${styles.input} ${className ?? ''}`} {...field.control} {...select} />
    </FieldFrame>
  );
}

/** A password with a show/hide toggle (the toggle keeps the typed text and the caret's field). */
export function PasswordField({ label, error, hint, id, announce, className, ...input }: TextFieldProps) {
  const t = useTranslations('account.form');
  const field = useField({ id, error, hint });
  const [visible, setVisible] = useState(false);
  const toggleText = visible ? t('hidePassword') : t('showPassword');
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={error} announce={announce}>
      <div className={styles.passwordWrap}>
        <input className={`${styles.input} ${className ?? ''}`} type={visible ? 'text' : 'password'} {...field.control} {...input} />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-controls={field.id}
          aria-label={toggleText}
          title={toggleText}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
    </FieldFrame>
  );
}

export function CheckboxField({ label, error, id, announce, ...input }: InputProps & Omit<FieldOptions, 'hint'>) {
  const field = useField({ id, error });
  return (
    <div className={styles.field}>
      <div className={styles.check}>
        <input type="checkbox" {...field.control} {...input} />
        <label htmlFor={field.id}>{label}</label>
      </div>
      <FieldError id={`${field.id}-error`} message={error} announce={announce} />
    </div>
  );
}

/** A message above a form: the server's answer (role=alert for errors, status otherwise). */
export function FormMessage({ tone, children }: { tone: 'error' | 'info' | 'success'; children: ReactNode }) {
  const cls = tone === 'error' ? styles.alertError : tone === 'success' ? styles.alertSuccess : styles.alertInfo;
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${cls}`}>
      {children}
    </p>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M4 4l16 16" />}
    </svg>
  );
}
