'use client';
import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { getPathname, useRouter } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { notify } from '@/lib/toast/emitter';
import type { ProductListItem } from '@/lib/contracts/catalogue';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { ArrowRightIcon } from '@/components/ui/icons';
import { imageSrc } from '@/components/ui/image-src';
import { MAX_SUGGESTIONS, moveActive, productHref, searchResultsHref } from './search-logic';
import { SearchForm } from './SearchForm';
import { useProductSearch } from './useProductSearch';
import styles from './SearchBox.module.css';

type Option = { kind: 'all'; href: string } | { kind: 'product'; href: string; product: ProductListItem };

export interface SearchBoxProps {
  /** Offered when a search finds nothing (the shell's categories). */
  categories?: readonly { name: string; slug: string }[];
  /** 'header' floats the suggestions over the page; 'panel' (mobile search panel) lays them out inline. */
  variant?: 'header' | 'panel';
  autoFocus?: boolean;
  /** Called after the box navigated somewhere (e.g. to close the mobile panel). */
  onNavigate?: () => void;
  /** Called on Escape with an empty box (e.g. to close the mobile panel). */
  onDismiss?: () => void;
}

/**
 * Product search with suggestions (spec §2 "Search dropdown"), ARIA 1.2 combobox pattern.
 * - A request only for non-empty text, 500 ms after the last keystroke.
 * - Options: first "see all results for «term»" (→ /products?query=…), then each match (image, name,
 *   price or range; → /{firstCategorySlug}/{productSlug}). ArrowUp/ArrowDown move (wrapping).
 * - Enter: the active option, or — with no active option — /products?query=… unless the search found nothing.
 * - Escape clears the text (and closes the suggestions). Without JS the form still submits to /products.
 * - Nothing found: the 'term not found' message, "¿Quisiste decir …?" (searches that term) and the categories.
 */
export function SearchBox({ variant = 'header', autoFocus, onNavigate, onDismiss, categories = [], initialText = '' }: SearchBoxProps & { initialText?: string }) {
  const t = useTranslations('common.search');
  const tPrice = useTranslations('common.price');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;
  const optionId = (i: number) => `${baseId}-opt-${i}`;

  // initialText: what was typed into the SearchEntry this box replaced (components/search/SearchEntry.tsx).
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(initialText !== '');
  const search = useProductSearch(text);
  const items = search.items.slice(0, MAX_SUGGESTIONS);
  const options: Option[] =
    items.length > 0
      ? [
          { kind: 'all', href: searchResultsHref(search.term) },
          ...items.map((product) => ({ kind: 'product' as const, href: productHref(product), product })),
        ]
      : [];
  // The active option belongs to one list of options; a new list starts with none active.
  const optionsKey = `${search.term}|${items.map((p) => p.id).join(',')}`;
  const [activeState, setActiveState] = useState<{ key: string; index: number }>({ key: '', index: -1 });
  const active = activeState.key === optionsKey && activeState.index < options.length ? activeState.index : -1;
  const setActive = (index: number) => setActiveState({ key: optionsKey, index });

  const notFound = search.status === 'done' && items.length === 0;
  const expanded = open && search.status !== 'idle' && (options.length > 0 || notFound || search.status === 'error');

  // Spec §8: search failure → error toast 'Error at search' (also shown inline in the dropdown).
  const lastErrorTerm = useRef<string | null>(null);
  useEffect(() => {
    if (search.status === 'error' && lastErrorTerm.current !== search.term) {
      lastErrorTerm.current = search.term;
      notify('ERROR', t('error'));
    }
  }, [search.status, search.term, t]);

  function go(href: string) {
    setOpen(false);
    setText('');
    router.push(href);
    onNavigate?.();
  }

  function submit() {
    if (active >= 0 && options[active]) {
      go(options[active].href);
      return;
    }
    if (!search.term || notFound) return;
    go(searchResultsHref(search.term));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        setActive(moveActive(active, event.key === 'ArrowDown' ? 1 : -1, options.length));
        break;
      }
      case 'Enter':
        event.preventDefault();
        submit();
        break;
      case 'Escape':
        event.preventDefault();
        if (text) {
          setText('');
          setOpen(false);
        } else {
          onDismiss?.();
        }
        break;
      default:
        break;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  /** An option's props: its id (for aria-activedescendant), selection state, and a click that goes to it (keeping the focus). */
  function optionProps(i: number, option: Option, className: string) {
    return {
      id: optionId(i),
      role: 'option' as const,
      'aria-selected': i === active,
      className: [className, i === active ? styles.active : ''].join(' '),
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onClick: () => go(option.href),
    };
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  let announcement = '';
  if (search.status === 'done') {
    announcement = items.length > 0 ? t('results', { count: items.length }) : t('notFound', { term: search.term });
  }

  return (
    <SearchForm
      onSubmit={onSubmit}
      onBlur={onBlur}
      input={{
        id: inputId,
        'aria-expanded': expanded,
        'aria-controls': expanded && options.length > 0 ? listId : undefined,
        'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
        autoFocus,
        value: text,
        onChange: (event) => {
          setText(event.target.value);
          setOpen(true);
        },
        onFocus: () => setOpen(true),
        onKeyDown,
      }}
      fieldEnd={search.status === 'pending' ? <Spinner className={styles.spinner} label={t('loading')} /> : null}
    >
      {expanded ? (
        <div className={variant === 'panel' ? `${styles.popup} ${styles.popupInline}` : styles.popup}>
          {options.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={t('listLabel')} className={styles.listbox}>
              {options.map((option, i) =>
                option.kind === 'all' ? (
                  <li key="all" {...optionProps(i, option, styles.seeAll)}>
                    <ArrowRightIcon />
                    {t('seeAll', { term: search.term })}
                  </li>
                ) : (
                  <li key={option.product.id} {...optionProps(i, option, styles.option)}>
                    <span className={styles.thumb}>
                      {imageSrc(option.product.ProductImages?.[0]?.name) ? (
                        <img
                          src={`${imageSrc(option.product.ProductImages[0].name) as string}?w=160`}
                          alt=""
                          width={48}
                          height={48}
                          loading="lazy"
                          decoding="async"
                        />
                      ) : null}
                    </span>
                    <span className={styles.name}>{option.product.name}</span>
                    <Price
                      className={styles.price}
                      price={option.product.price}
                      minPrice={option.product.minPrice}
                      maxPrice={option.product.maxPrice}
                      discount={option.product.discount}
                      regularPrefix={tPrice('regularPrefix')}
                    />
                  </li>
                ),
              )}
            </ul>
          ) : null}
          {notFound ? (
            <div className={styles.notFound}>
              <p className={styles.message}>{t('notFound', { term: search.term })}</p>
              {search.didYouMean ? (
                <p className={styles.didYouMean}>
                  {t.rich('didYouMean', {
                    term: search.didYouMean,
                    link: (chunks) => (
                      <button
                        type="button"
                        className={styles.suggestion}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => {
                          setText(search.didYouMean ?? '');
                          setOpen(true);
                        }}
                      >
                        {chunks}
                      </button>
                    ),
                  })}
                </p>
              ) : null}
              {categories.length > 0 ? (
                <nav aria-label={t('browseCategories')}>
                  <p className={styles.categoriesTitle}>{t('browseCategories')}</p>
                  <ul className={styles.categories}>
                    {categories.map((c) => (
                      <li key={c.slug}>
                        <a
                          href={getPathname({ href: `/${c.slug}`, locale })}
                          className={styles.category}
                          onMouseDown={(event) => event.preventDefault()}
                          onClick={(event) => {
                            event.preventDefault();
                            go(`/${c.slug}`);
                          }}
                        >
                          {c.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
            </div>
          ) : null}
          {search.status === 'error' ? (
            <p role="alert" className={styles.error}>
              {t('error')}
            </p>
          ) : null}
        </div>
      ) : null}

      <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {announcement}
      </div>
    </SearchForm>
  );
}
