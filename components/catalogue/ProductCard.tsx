import { Link } from '@/i18n/navigation';
import type { ProductListItem } from '@/lib/contracts/catalogue';
import { firstImageSrc, productPath } from './paths';
import { priceView } from './price';
import { PriceTag } from './PriceTag';
import { Badge, StateBadge } from './StateBadge';
import styles from './ProductCard.module.css';

export interface ProductCardLabels {
  limited: string;
  noStock: string;
  vip: string;
  sale: string;
  noImage: string;
  imageAlt: (name: string) => string;
  regular: (price: string) => string;
}

/** Rendered size of card images (square); the real file is scaled by CSS, the attributes avoid CLS. */
const CARD_IMAGE_SIZE = 480;

/**
 * One product in a grid: image, name (the only link, stretched over the card), price or range,
 * stock label and VIP badge. Server component, zero JS.
 */
export function ProductCard({
  product,
  labels,
  eager = false,
  headingLevel = 2,
}: {
  product: ProductListItem;
  labels: ProductCardLabels;
  /** First row: load at once (above the fold); the rest lazily. */
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const src = firstImageSrc(product);
  const view = priceView(product);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const onSale = view.kind === 'single' && view.regular !== null;
  return (
    <article className={styles.card} data-testid="product-card" data-state={product.state}>
      <div className={styles.media}>
        {src ? (
          // Plain <img>: same-origin /uploads files resized by the proxy (?w=); explicit size avoids CLS.
          <img
            className={styles.image}
            src={`${src}?w=480`}
            srcSet={`${src}?w=320 320w, ${src}?w=480 480w, ${src}?w=640 640w`}
            sizes="(min-width: 1200px) 280px, (min-width: 768px) 30vw, 50vw"
            alt={labels.imageAlt(product.name)}
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className={styles.noImage}>{labels.noImage}</span>
        )}
        <span className={styles.badges}>
          {product.isVip ? <Badge tone="vip">{labels.vip}</Badge> : null}
          {onSale ? <Badge tone="sale">{labels.sale}</Badge> : null}
        </span>
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link href={productPath(product)} className={styles.link}>
            {product.name}
          </Link>
        </Heading>
        <PriceTag view={view} regularLabel={labels.regular} className={styles.price} />
        <StateBadge state={product.state} labels={labels} className={styles.state} />
      </div>
    </article>
  );
}
