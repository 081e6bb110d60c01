import { Link } from '@/i18n/navigation';
import type { Category } from '@/lib/contracts/catalogue';
import { imageSrc } from '@/components/ui/image-src';
import styles from './CategoryGrid.module.css';

/** Category tiles with their images (server component, zero JS). */
export function CategoryGrid({ categories, countLabel }: { categories: Category[]; countLabel?: (count: number) => string }) {
  return (
    <ul className={styles.grid}>
      {categories.map((c) => {
        const src = imageSrc(c.image);
        return (
          <li key={c.id} className={styles.item}>
            <Link href={`/${c.slug}`} className={styles.tile}>
              <span className={styles.media}>
                {src ? (
                  // Same-origin /uploads image, explicit size (no CLS); decorative: the name is the link text.
                  <img src={`${src}?w=320`} srcSet={`${src}?w=320 320w, ${src}?w=480 480w`} sizes="(min-width: 768px) 25vw, 50vw" alt="" width={400} height={400} loading="lazy" decoding="async" className={styles.image} />
                ) : null}
              </span>
              <span className={styles.name}>{c.name}</span>
              {countLabel && typeof c.productCount === 'number' ? <span className={styles.count}>{countLabel(c.productCount)}</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
