'use client';

/**
 * Accessible form fields for the account forms: label, input, hint and error wired with
 * aria-invalid / aria-describedby. They take react-hook-form's `register()` props as they are.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslations } from 'next-intl';
import styles from './account.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  ref?: Ref<HTMLInputElement>;
};

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
}

function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={styles.field}>
      <label htmlFor={fid} className={styles.label}>
        {label}
      </label>
      <input
        id={fid}
        className={`${styles.input} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, Boolean(hint), Boolean(error))}
        {...input}
      />
      {hint ? (
        <p id={`${fid}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${fid}-error`} message={error} />
    </div>
  );
}

export function PasswordField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const t = useTranslations('account.form');
  const auto = useId();
  const fid = id ?? auto;
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={fid} className={styles.label}>
        {label}
      </label>
      <div className={styles.passwordWrap}>
        <input
          id={fid}
          className={`${styles.input} ${className ?? ''}`}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fid, Boolean(hint), Boolean(error))}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-controls={fid}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          title={visible ? t('hidePassword') : t('showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
      {hint ? (
        <p id={`${fid}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${fid}-error`} message={error} />
    </div>
  );
}

export interface CheckboxFieldProps extends InputProps {
  label: ReactNode;
  error?: string;
  id?: string;
}

export function CheckboxField({ label, error, id, ...input }: CheckboxFieldProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={styles.field}>
      <div className={styles.check}>
        <input
          id={fid}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fid}-error` : undefined}
          {...input}
        />
        <label htmlFor={fid}>{label}</label>
      </div>
      <FieldError id={`${fid}-error`} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} data-field-error="">
      {message}
    </p>
  );
}

/** A message above the form: the server's answer (role=alert for errors, status otherwise). */
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
