import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { Category, ProductPage } from '@/lib/contracts/catalogue';
import { Breadcrumbs, type BreadcrumbItem } from './Breadcrumbs';
import { Pagination } from './Pagination';
import { catalogueHref, ROWS_OPTIONS, SORTS, type CatalogueParams } from './params';
import { ProductCard } from './ProductCard';
import { getProductCardLabels } from './card-labels';
import styles from './CatalogueView.module.css';

/** How many cards are loaded eagerly (the first row on the widest grid). */
const EAGER_CARDS = 4;
/** The sort and page-size rows: their class and their label's key. */
const CONTROL = {
  sort: { className: styles.sortControl, label: 'sort.label' },
  rows: { className: styles.rowsControl, label: 'rows.label' },
} as const;

export interface CatalogueViewProps {
  /** Spanish path of this listing: "/products" or "/{categorySlug}". */
  basePath: string;
  state: CatalogueParams;
  result: ProductPage;
  categories: readonly Category[];
  /** Slug of the category being shown (category page or ?category= filter), or null. */
  activeCategory: string | null;
  title: string;
  intro?: string | null;
  breadcrumbs: readonly BreadcrumbItem[];
}

/**
 * The product listing shared by /products (catalogue, search) and /{categorySlug}: heading, category
 * filter, sort and page-size links, product grid and pagination. Server component; every control is
 * a crawlable link that round-trips through the URL.
 */
export async function CatalogueView({
  basePath,
  state,
  result,
  categories,
  activeCategory,
  title,
  intro,
  breadcrumbs,
}: CatalogueViewProps) {
  const t = await getTranslations('catalogue');
  const ts = await getTranslations('common.search');
  const cardLabels = await getProductCardLabels();
  const { items, total, totalPages } = result;
  const from = total === 0 ? 0 : (state.page - 1) * state.rows + 1;
  const to = Math.min(total, from + items.length - 1);

  // Category links: on a plain listing they lead to the category pages (clean, canonical URLs);
  // inside a search they filter the results (/products?query=…&category=…): one URL per category per
  // search, all noindex, so crawlers are told not to follow them (rel=nofollow, and robots.txt
  // disallows ?category=); shoppers click them as before.
  const keep = { sort: state.sort, rows: state.rows };
  const categoryHref = (slug: string | null) => {
    if (state.query) return catalogueHref('/products', { ...keep, query: state.query, category: slug ?? '' });
    return catalogueHref(slug ? `/${slug}` : '/products', keep);
  };
  const chipRel = state.query ? 'nofollow' : undefined;
  const listed = categories.filter((c) => c.slug && c.name);
  /** A category as a chip in a list: a link to its listing, marked when it is the one shown. */
  const chip = (key: string | number, href: string, name: string, link: { rel?: string; current?: boolean } = {}) => (
    <li key={key}>
      <Link href={href} rel={link.rel} className={styles.chip} aria-current={link.current ? 'page' : undefined} prefetch={false}>
        {name}
      </Link>
    </li>
  );

  /**
   * One labelled row of crawlable links, one per option, the current one marked: the sort order and the page
   * size. The label is shown to sight only (the nav's aria-label names it for screen readers).
   */
  const segmented = <K extends 'sort' | 'rows'>(
    name: K,
    options: readonly CatalogueParams[K][],
    text: (option: CatalogueParams[K]) => ReactNode,
    optionLabel?: (option: CatalogueParams[K]) => string,
  ) => (
    <nav aria-label={t(CONTROL[name].label)} className={`${styles.control} ${CONTROL[name].className}`}>
      <span className={styles.controlLabel} aria-hidden="true">
        {t(CONTROL[name].label)}
      </span>
      <ul className={styles.segmented}>
        {options.map((option) => (
          <li key={option}>
            <Link
              href={catalogueHref(basePath, { ...state, [name]: option, page: 1 })}
              className={styles.segment}
              aria-current={state[name] === option ? 'true' : undefined}
              aria-label={optionLabel?.(option)}
              rel="nofollow"
              prefetch={false}
              {...{ [`data-${name}`]: option }}
            >
              {text(option)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );

  return (
    <div className={styles.wrap}>
      <Breadcrumbs items={breadcrumbs} label={t('breadcrumbs.label')} />
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {state.query ? (
          <p className={styles.clear}>
            <Link href={catalogueHref('/products', keep)}>{t('clearSearch')}</Link>
          </p>
        ) : null}
      </header>

      <div className={styles.layout}>
        {listed.length > 0 ? (
          <nav aria-label={t('filter.label')} className={styles.filter}>
            <h2 className={styles.filterTitle}>{t('filter.label')}</h2>
            <ul className={styles.filterList}>
              {chip('all', categoryHref(null), t('filter.all'), { rel: chipRel, current: activeCategory === null })}
              {listed.map((c) => chip(c.id, categoryHref(c.slug), c.name, { rel: chipRel, current: activeCategory === c.slug }))}
            </ul>
          </nav>
        ) : null}

        <section className={styles.results} aria-labelledby="catalogue-count">
          <div className={styles.toolbar}>
            <p id="catalogue-count" className={styles.count} aria-live="polite">
              {total > 0 ? t('showing', { from, to, total }) : t('count', { total })}
            </p>
            <div className={styles.controls}>
              {segmented('sort', SORTS, (sort) => t(`sort.${sort}`))}
              {segmented('rows', ROWS_OPTIONS, (rows) => rows, (rows) => t('rows.option', { rows }))}
            </div>
          </div>

          {items.length === 0 && state.query ? (
            <div className={styles.empty} role="status" data-testid="search-not-found">
              <h2 className={styles.emptyTitle}>{ts('notFound', { term: state.query })}</h2>
              {result.didYouMean ? (
                <p className={styles.didYouMean}>
                  {ts.rich('didYouMean', {
                    term: result.didYouMean,
                    link: (chunks) => (
                      <Link href={catalogueHref('/products', { ...keep, query: result.didYouMean ?? '' })} prefetch={false}>
                        {chunks}
                      </Link>
                    ),
                  })}
                </p>
              ) : (
                <p>{t('empty.searchText', { query: state.query })}</p>
              )}
              {listed.length > 0 ? (
                <nav aria-label={ts('browseCategories')}>
                  <h3 className={styles.emptySubtitle}>{ts('browseCategories')}</h3>
                  <ul className={styles.emptyCategories}>
                    {listed.map((c) => chip(c.id, catalogueHref(`/${c.slug}`, keep), c.name))}
                  </ul>
                </nav>
              ) : null}
            </div>
          ) : items.length === 0 ? (
            <div className={styles.empty} role="status">
              <h2 className={styles.emptyTitle}>{t('empty.title')}</h2>
              <p>{t('empty.text')}</p>
              <Link href="/products" className={styles.emptyCta}>
                {t('empty.cta')}
              </Link>
            </div>
          ) : (
            <ul className={styles.grid}>
              {items.map((product, i) => (
                <li key={product.id}>
                  <ProductCard product={product} labels={cardLabels} eager={i < EAGER_CARDS} />
                </li>
              ))}
            </ul>
          )}

          <Pagination
            basePath={basePath}
            state={state}
            totalPages={totalPages}
            labels={{
              label: t('pagination.label'),
              previous: t('pagination.previous'),
              next: t('pagination.next'),
              page: (page) => t('pagination.page', { page }),
              status: t('pagination.status', { page: Math.min(state.page, totalPages), totalPages }),
            }}
          />
        </section>
      </div>
    </div>
  );
}
