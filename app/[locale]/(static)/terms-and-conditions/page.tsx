import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Container } from '@/components/ui/Container';
import { getShopConfig } from '@/components/layout/shell-data';
import { BankDetails, ContactBlock } from '../BusinessBlocks';
import styles from '../static.module.css';
import { minimumsText, staticPageMetadata } from '../static-page';

type Props = { params: Promise<{ locale: string }> };

const PATH = '/terms-and-conditions';
const SECTIONS = ['general', 'prices', 'orders', 'payment', 'shipping', 'billing', 'claims', 'privacy'] as const;

export function generateMetadata({ params }: Props) {
  return staticPageMetadata(params, 'terms', PATH);
}

export default async function TermsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, config] = await Promise.all([getTranslations('pages.terms'), getShopConfig()]);
  const values = {
    ...minimumsText(config),
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
