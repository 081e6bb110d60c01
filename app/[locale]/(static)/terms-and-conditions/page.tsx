import { Container } from '@/components/ui/Container';
import { BankDetails, ContactBlock } from '../BusinessBlocks';
import styles from '../static.module.css';
import { minimumsPage, staticPageMetadata } from '../static-page';

type Props = { params: Promise<{ locale: string }> };

const PATH = '/terms-and-conditions';
const SECTIONS = ['general', 'prices', 'orders', 'payment', 'shipping', 'billing', 'claims', 'privacy'] as const;

export function generateMetadata({ params }: Props) {
  return staticPageMetadata(params, 'terms', PATH);
}

export default async function TermsPage({ params }: Props) {
  const { t, minimums } = await minimumsPage(params, 'terms');
  return (
    <Container narrow className={`${styles.page} ${styles.terms}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </header>
      {SECTIONS.map((key) => (
        <section key={key} aria-labelledby={`terms-${key}`} className={styles.prose}>
          <h2 id={`terms-${key}`}>{t(`sections.${key}.title`)}</h2>
          <p>{t(`sections.${key}.body`, minimums)}</p>
        </section>
      ))}
      <div className={styles.section}>
        <BankDetails />
      </div>
      <ContactBlock />
    </Container>
  );
}
