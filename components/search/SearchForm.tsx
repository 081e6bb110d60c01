'use client';
import type { FormHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { SearchIcon } from '@/components/ui/icons';
import styles from './SearchForm.module.css';

type SearchFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'role' | 'action' | 'method' | 'className'> & {
  /** The combobox input's own props: its id, value, ARIA state and handlers. */
  input: InputHTMLAttributes<HTMLInputElement> & { id: string; 'aria-expanded': boolean; 'aria-controls': string | undefined };
  /** Shown inside the field after the input (the box's spinner). */
  fieldEnd?: ReactNode;
  /** After the field: the combobox's popup and anything announced. */
  children: ReactNode;
};

/**
 * The search form and its combobox input, the same in the light SearchEntry every page ships and in the
 * SearchBox with suggestions that takes its place: a plain GET to /products?query=… that works without JS.
 */
export function SearchForm({ input: inputProps, fieldEnd, children, ...formProps }: SearchFormProps) {
  const { 'aria-expanded': expanded, 'aria-controls': controls, ...input } = inputProps;
  const t = useTranslations('common.search');
  const locale = useLocale() as Locale;
  return (
    <form
      role="search"
      action={getPathname({ href: '/products', locale })}
      method="get"
      className={styles.form}
      {...formProps}
    >
      <label htmlFor={input.id} className="visually-hidden">
        {t('label')}
      </label>
      <div className={styles.field}>
        <SearchIcon className={styles.icon} />
        <input
          className={styles.input}
          type="search"
          name="query"
          role="combobox"
          aria-autocomplete="list"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t('placeholder')}
          aria-expanded={expanded}
          aria-controls={controls}
          {...input}
        />
        {fieldEnd}
      </div>
      {children}
    </form>
  );
}
