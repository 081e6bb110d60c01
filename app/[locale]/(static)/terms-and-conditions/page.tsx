import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatPesos } from '@/lib/money';
import { pageMetadata } from '@/lib/seo/metadata';
import { Container } from '@/components/ui/Container';
import { getShopConfig } from '@/components/layout/shell-data';
import { BankDetails, ContactBlock } from '../BusinessBlocks';
import styles from '../static.module.css';

type Props = { params: Promise<{ locale: string }> };

const PATH = '/terms-and-conditions';
const SECTIONS = ['general', 'prices', 'orders', 'payment', 'shipping', 'billing', 'claims', 'privacy'] as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'seo.terms' });
  return pageMetadata({ locale: locale as Locale, path: PATH, title: t('title'), description: t('description') });
}

export default async function TermsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, config] = await Promise.all([getTranslations('pages.terms'), getShopConfig()]);
  const values = {
    minOrder: formatPesos(config.minOrderPrice, { decimals: 0 }),
    minLocal: formatPesos(config.minLocalPrice, { decimals: 0 }),
  };
  return (
    <Container narrow className={`${styles.page} ${styles.terms}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </header>
      {SECTIONS.map((key) => (
        <section key={key} aria-labelledby={`terms-${key}`} className={styles.prose}>
          <h2 id={`terms-${key}`}>{t(`sections.${key}.title`)}</h2>
          <p>{t(`sections.${key}.body`, values)}</p>
        </section>
      ))}
      <div className={styles.section}>
        <BankDetails />
      </div>
      <ContactBlock />
    </Container>
  );
}
