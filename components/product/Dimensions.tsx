import { getTranslations } from 'next-intl/server';
import type { Product } from '@/lib/contracts/catalogue';
import styles from './Dimensions.module.css';
import { Fact } from '@/components/ui/Fact';

const number = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

function shown(value: number | null | undefined): string | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? number.format(value) : null;
}

/** Width × height × length in cm and weight in g; nothing when the product has no measures. */
export async function Dimensions({ product }: { product: Pick<Product, 'width' | 'height' | 'length' | 'weight'> }) {
  const width = shown(product.width);
  const height = shown(product.height);
  const length = shown(product.length);
  const weight = shown(product.weight);
  if (!width && !height && !length && !weight) return null;
  const t = await getTranslations('product.dimensions');
  return (
    <section aria-labelledby="dimensions-title" className={styles.box} data-testid="dimensions">
      <h2 id="dimensions-title" className={styles.title}>
        {t('title')}
      </h2>
      <dl className={styles.list}>
        {width || height || length ? (
          <Fact label={t('size')} className={styles.item}>
            {t('sizeValue', { width: width ?? '–', height: height ?? '–', length: length ?? '–' })}
          </Fact>
        ) : null}
        {weight ? (
          <Fact label={t('weight')} className={styles.item}>{t('weightValue', { weight })}</Fact>
        ) : null}
      </dl>
    </section>
  );
}
