import { getTranslations } from 'next-intl/server';
import type { Offer } from '@/lib/contracts/catalogue';
import { formatPesos } from '@/lib/money';
import { sortedTiers } from '@/lib/seo/product-jsonld';
import { Badge } from '@/components/catalogue/StateBadge';
import styles from './OfferTable.module.css';

/**
 * The tier ladder (spec §3 Offer): one row per tier, "Desde N u." → price per unit, VIP tiers with a
 * 'Cliente VIP' badge, strict tiers labelled "solo múltiplos de N". Server component.
 */
export async function OfferTable({ offers, isVariable }: { offers: readonly Offer[]; isVariable: boolean }) {
  const tiers = sortedTiers(offers);
  if (tiers.length === 0) return null;
  const t = await getTranslations('product.offers');
  return (
    <section className={styles.box} aria-labelledby="offers-title" data-testid="offer-table">
      <h2 id="offers-title" className={styles.title}>
        {t('title')}
      </h2>
      <p className={styles.intro}>{isVariable ? t('intro') : t('introSimple')}</p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('units')}</th>
            <th scope="col" className={styles.priceCol}>
              {t('price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr key={tier.id} data-vip={tier.isVip ? 'true' : undefined}>
              <th scope="row">
                <div className={styles.units}>
                  <span>{t('from', { units: tier.units })}</span>
                  {tier.name ? <span className={styles.name}>{tier.name}</span> : null}
                  <span className={styles.tags}>
                    {tier.isVip ? <Badge tone="vip">{t('vip')}</Badge> : null}
                    {tier.isStrict ? <span className={styles.strict}>{t('strict', { units: tier.units })}</span> : null}
                  </span>
                </div>
              </th>
              <td className={styles.priceCol}>
                <strong>{t('perUnit', { price: formatPesos(tier.price) })}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
