'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { formatPesos } from '@/lib/money';
import { QuantitySelector } from './QuantitySelector';
import { useQuantityBinding } from './useQuantityBinding';
import { CartGroupStatus } from '@/components/cart/CartGroupStatus';
import { filterRows, isBuyableRow, rowToItem, type BuyBox } from './variations';
import tones from '@/components/ui/Badge.module.css';
import styles from './VariationList.module.css';

// its own chunk: only pages with a row without stock load it (issue 24 §3)
const StockAlert = dynamic(() => import('./StockAlert').then((m) => m.StockAlert));
const alertClasses = { root: styles.stockAlert!, button: styles.stockAlertButton!, hint: styles.stockAlertHint! };

/**
 * The buy box island: for variable products a 'Buscar...' filter over the variations, a heading with
 * the attribute name and one row per visible variation; for simple products a single row. Each row:
 * name, price (struck list price + discount when discounted; only when the product's min and max
 * prices differ), stock label, and a quantity selector — or, without stock, "Avisame cuando haya stock".
 * `allShownCount`: the server's text of `buy.count` with every row shown (see below).
 */
export function VariationList({ box, allShownCount }: { box: BuyBox; allShownCount?: string }) {
  const t = useTranslations('product');
  const binding = useQuantityBinding();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  // What a shopper typed into the server-rendered box before this island hydrated is kept and filters: the
  // box is uncontrolled (a controlled one is reset to '' by hydration) and its value is read once here.
  useEffect(() => {
    const typed = searchRef.current?.value;
    if (typed) setQuery(typed);
  }, []);
  const { parent, rows, attribute, showRowPrice } = box;
  const shown = useMemo(() => filterRows(rows, query), [rows, query]);
  const variable = parent.isVariable;
  const heading = variable ? (attribute ?? t('buy.title')) : t('buy.simpleTitle');

  return (
    <section className={styles.box} aria-labelledby={`${searchId}-h`} data-testid="buy-box">
      <div className={styles.head}>
        <h2 id={`${searchId}-h`} className={styles.heading}>
          {heading}
        </h2>
        {variable && rows.length > 0 ? (
          <p className={styles.count} aria-live="polite">
            {/* The unfiltered count comes written from the server: its plural would build the browser's first
                Intl.PluralRules and NumberFormat during hydration (~100 ms of a throttled phone's main thread). */}
            {allShownCount !== undefined && shown.length === rows.length ? allShownCount : t('buy.count', { shown: shown.length, total: rows.length })}
          </p>
        ) : null}
      </div>

      {variable && rows.length > 0 ? (
        <div className={styles.search}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('buy.searchLabel', { attribute: attribute ?? t('buy.title') })}
          </label>
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            className={styles.searchInput}
            placeholder={t('buy.search')}
            defaultValue=""
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
      ) : null}

      {variable && shown.length === 0 && rows.length > 0 ? (
        <p className={styles.noMatch} role="status">
          {t('buy.noMatch', { query: query.trim() })}
        </p>
      ) : null}

      <ul className={styles.rows}>
        {shown.map((row) => {
          const item = rowToItem(parent, row);
          const discounted = row.discount != null && row.discount > 0 && row.discount < row.price;
          return (
            <li key={row.id} className={row.state === 'noStock' ? `${styles.row} ${styles.alertRow}` : styles.row} data-testid="variation-row" data-state={row.state}>
              <div className={styles.info}>
                <span className={styles.name}>{row.name}</span>
                <span className={styles.meta}>
                  {showRowPrice ? (
                    discounted ? (
                      <span className={styles.price}>
                        <s className={styles.regular} aria-hidden="true">
                          {formatPesos(row.price)}
                        </s>
                        <span className="visually-hidden">{t('regularPrice', { price: formatPesos(row.price) })}</span>{' '}
                        <strong className={styles.discount}>{formatPesos(row.discount as number)}</strong>
                      </span>
                    ) : (
                      <span className={styles.price}>{formatPesos(row.price)}</span>
                    )
                  ) : null}
                  {row.state === 'limited' ? (
                    <span className={`${styles.state} ${tones.warning}`}>{t('state.limited')}</span>
                  ) : null}
                  {row.state === 'noStock' ? (
                    <span className={`${styles.state} ${tones.danger}`}>{t('state.noStock')}</span>
                  ) : null}
                </span>
              </div>
              {isBuyableRow(row) ? (
                <QuantitySelector
                  item={item}
                  min={row.min}
                  max={row.max}
                  steps={row.steps}
                  initial={binding.initialFor(row.id)}
                  onChange={binding.onChange}
                  label={variable ? `${parent.name} – ${row.name}` : row.name}
                />
              ) : row.state === 'noStock' ? (
                <StockAlert
                  classes={alertClasses}
                  productId={parent.id}
                  variationId={variable ? row.id : undefined}
                  label={variable ? `${parent.name} – ${row.name}` : row.name}
                  path={parent.path}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <CartGroupStatus fatherId={parent.id} />
    </section>
  );
}

