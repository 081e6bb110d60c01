import type { Locale } from '@/i18n/routing';
import { CONTACT } from '@/lib/seo/business';
import { JsonLd } from '@/lib/seo/JsonLd';
import { localizedPath } from '@/lib/locales';
import { absoluteUrl } from '@/lib/seo/metadata';
import { faqPageJsonLd, type FaqEntry } from '@/lib/seo/structured-data';
import { Container } from '@/components/ui/Container';
import { BankDetails, ContactBlock, OpeningHours } from '../BusinessBlocks';
import styles from '../static.module.css';
import { minimumsPage, staticPageMetadata } from '../static-page';

type Props = { params: Promise<{ locale: string }> };

const PATH = '/faq';
/** Order of the questions (messages pages.faq.items.<key>.q / .a). */
const FAQ_KEYS = [
  'hours',
  'howToOrder',
  'budget',
  'minimum',
  'payment',
  'bank',
  'shipping',
  'freeDelivery',
  'remit',
  'billing',
  'additions',
  'contact',
] as const;

export function generateMetadata({ params }: Props) {
  return staticPageMetadata(params, 'faq', PATH);
}

export default async function FaqPage({ params }: Props) {
  const { locale, t, minimums } = await minimumsPage(params, 'faq');
  const values = {
    ...minimums,
    whatsapp: CONTACT.whatsappDisplay,
    email: CONTACT.email,
  };
  const entries: (FaqEntry & { key: string })[] = FAQ_KEYS.map((key) => ({
    key,
    question: t(`items.${key}.q`),
    answer: t(`items.${key}.a`, values),
  }));
  const url = absoluteUrl(localizedPath(locale as Locale, PATH));

  return (
    <Container narrow className={styles.page}>
      <JsonLd data={faqPageJsonLd(entries, url)} />
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </header>
      <ul className={styles.faqList}>
        {entries.map((entry, i) => (
          <li key={entry.key}>
            <details className={styles.faqItem} open={i === 0}>
              <summary>{entry.question}</summary>
              <div className={styles.faqAnswer}>
                <p>{entry.answer}</p>
              </div>
            </details>
          </li>
        ))}
      </ul>
      <div className={`${styles.twoCols} ${styles.wideFirst} ${styles.section}`}>
        <BankDetails />
        <OpeningHours />
      </div>
      <ContactBlock />
    </Container>
  );
}
