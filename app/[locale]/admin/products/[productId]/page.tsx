import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { ImageManager } from '@/components/admin/products/ImageManager';
import { ProductActions } from '@/components/admin/products/ProductActions';
import { ADMIN_PRODUCT_CLIENT_MESSAGE_PATHS } from '@/components/admin/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { ProductEditor } from '@/components/admin/products/ProductEditor';
import { VariationsTable } from '@/components/admin/products/VariationsTable';
import styles from '@/components/admin/products/products.module.css';
import { loadProduct, loadWaitingCounts } from '@/lib/admin/products';
import { formatPesos } from '@/lib/money';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { staffRequest } from '@/components/admin/ui/staff-request';

type Props = { params: Promise<{ locale: string; productId: string }> };

/** /admin/products/{id} — edit one product (or one variation): pricing, state, quantities, tiers, categories, images. */
export default async function AdminProductPage({ params }: Props) {
  const { productId, need } = await staffRequest(params);
  if (!/^[1-9][0-9]{0,9}$/.test(productId)) notFound();
  const product = need(await loadProduct(Number(productId)), `/admin/products/${productId}`);
  const t = await getTranslations('adminProducts');
  const format = await getFormatter();
  const owner = product.parent ?? product;
  const mainCategory = product.categories[0]?.slug;
  const shopHref = mainCategory ? `/${mainCategory}/${owner.slug}` : `/products/${owner.slug}`;
  // customers waiting for stock (issue 24 §3): of this product (all its variations) or of this variation
  const counts = (await loadWaitingCounts([owner.id]))[owner.id];
  const waiting = product.parent ? (counts?.variations[product.id] ?? 0) : (counts?.total ?? 0);
  const variationWaiting = Object.fromEntries(
    Object.entries(counts?.variations ?? {}).map(([id, count]) => [Number(id), t('stockAlerts.waitingShort', { count })]),
  );

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Link href={product.parent ? `/admin/products/${product.parent.id}` : '/admin/products'} className={styles.back}>
          ← {product.parent ? t('detail.variationOf', { name: product.parent.name }) : t('detail.back')}
        </Link>
        <div className={styles.headerMain}>
          <h1 className={styles.title}>{product.name}</h1>
          <span className={styles.badge} data-state={product.state} data-testid="product-state">
            <span className={styles.dot} data-state={product.state} aria-hidden="true" />
            {t(`states.${product.state}`)}
          </span>
          {product.isVisible ? null : (
            <span className={styles.archivedBadge} data-testid="product-archived">
              {t('list.archived')}
            </span>
          )}
          {waiting ? (
            <span className={styles.waitingBadge} data-testid="product-waiting">
              {t('stockAlerts.waiting', { count: waiting })}
            </span>
          ) : null}
        </div>
        <p className={styles.meta}>
          <span>{t('detail.sku', { sku: product.sku })}</span>
          <span>{product.discount !== null ? `${formatPesos(product.discount)} (${formatPesos(product.price)})` : formatPesos(product.price)}</span>
          <span>{t('detail.updated', { date: format.dateTime(new Date(product.updatedAt), { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }) })}</span>
          {product.state !== 'hidden' && product.isVisible ? (
            <Link href={shopHref} className={styles.back} target="_blank">
              {t('detail.viewInShop')} ↗
            </Link>
          ) : null}
        </p>
      </div>
      <ScopedMessages paths={ADMIN_PRODUCT_CLIENT_MESSAGE_PATHS}>
        <ProductActions productId={product.id} isVisible={product.isVisible} isVariation={product.isVariation} name={product.name} />
        <div className={styles.layout}>
          <div className={styles.mainCol}>
            <ProductEditor product={product} />
            {product.variations.length ? <VariationsTable variations={product.variations} waiting={variationWaiting} /> : null}
          </div>
          <aside className={styles.sideCol}>
            <ImageManager productId={product.id} name={product.name} initial={product.images} />
          </aside>
        </div>
      </ScopedMessages>
    </div>
  );
}
