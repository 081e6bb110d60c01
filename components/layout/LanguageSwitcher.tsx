'use client';
import { useRef } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import NextLink from 'next/link';
import { usePathname } from '@/i18n/navigation';
import { localizedPath } from '@/lib/locales';
import { routing, type Locale } from '@/i18n/routing';
import { ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';
import styles from './LanguageSwitcher.module.css';

/**
 * es / en / pt-BR links to the current page in each language (no JS needed to open: <details>).
 * The hrefs are the canonical URLs (the hreflang alternates): next-intl's <Link locale="es"> writes
 * "/es/…", which answers a redirect, so crawlers met one redirecting link per page.
 */
export function LanguageSwitcher({ align = 'end' }: { align?: 'start' | 'end' }) {
  const t = useTranslations('common.language');
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details
      ref={details}
      className={styles.switcher}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && details.current?.open) {
          details.current.open = false;
          details.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary className={styles.summary}>
        <GlobeIcon className={styles.icon} />
        <span className="visually-hidden">{`${t('label')}: `}</span>
        <span>{t(locale)}</span>
        <ChevronDownIcon className={styles.chevron} />
      </summary>
      <ul className={[styles.menu, align === 'start' ? styles.alignStart : ''].join(' ')}>
        {routing.locales.map((l) => (
          <li key={l}>
            <NextLink
              href={localizedPath(l, pathname)}
              lang={l}
              hrefLang={l}
              aria-current={l === locale ? 'true' : undefined}
              className={styles.item}
              onClick={() => {
                if (details.current) details.current.open = false;
              }}
            >
              {t(l)}
            </NextLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
