import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Store } from 'schema-dts';
import type { Locale } from '@/i18n/routing';
import { CONTACT, GENERATIONS, YEARS_IN_BUSINESS } from '@/lib/seo/business';
import { JsonLd } from '@/lib/seo/JsonLd';
import { localizedPath } from '@/lib/locales';
import { absoluteUrl } from '@/lib/seo/metadata';
import { storeJsonLd } from '@/lib/seo/structured-data';
import { Container } from '@/components/ui/Container';
import { TruckIcon } from '@/components/ui/icons';
import { ContactBlock, OpeningHours } from '../BusinessBlocks';
import styles from '../static.module.css';
import { staticPageMetadata } from '../static-page';

type Props = { params: Promise<{ locale: string }> };

const PATH = '/about-us';
const VALUES = ['quality', 'honesty', 'closeness', 'tradition'] as const;

export function generateMetadata({ params }: Props) {
  return staticPageMetadata(params, 'about', PATH);
}

export default async function AboutPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, seo] = await Promise.all([getTranslations('pages.about'), getTranslations('seo.about')]);
  const url = absoluteUrl(localizedPath(locale as Locale, PATH));
  return (
    <Container className={styles.page}>
      <JsonLd<Store> data={storeJsonLd(url, seo('description'))} />
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        <ul className={styles.stats}>
          <li className={styles.stat}>
            <span className={styles.statValue}>+{YEARS_IN_BUSINESS}</span>
            <span className={styles.statLabel}>{t('statYears')}</span>
          </li>
          <li className={styles.stat}>
            <span className={styles.statValue}>{GENERATIONS}</span>
            <span className={styles.statLabel}>{t('statGenerations')}</span>
          </li>
          <li className={styles.stat}>
            <span className={styles.statValue}>
              <TruckIcon />
            </span>
            <span className={styles.statLabel}>{t('statShipping')}</span>
          </li>
        </ul>
      </header>

      <section aria-labelledby="about-history" className={`${styles.section} ${styles.prose}`}>
        <h2 id="about-history">{t('historyTitle')}</h2>
        <p>{t('history1')}</p>
        <p>{t('history2')}</p>
      </section>

      <div className={`${styles.twoCols} ${styles.section}`}>
        <section aria-labelledby="about-mission" className={styles.card}>
          <h2 id="about-mission">{t('missionTitle')}</h2>
          <p>{t('mission')}</p>
        </section>
        <section aria-labelledby="about-vision" className={styles.card}>
          <h2 id="about-vision">{t('visionTitle')}</h2>
          <p>{t('vision')}</p>
        </section>
      </div>

      <section aria-labelledby="about-values" className={styles.section}>
        <h2 id="about-values">{t('valuesTitle')}</h2>
        <ul className={styles.values}>
          {VALUES.map((key) => (
            <li key={key} className={styles.card}>
              <h3>{t(`values.${key}`)}</h3>
              <p>{t(`values.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className={`${styles.twoCols} ${styles.section}`}>
        <section aria-labelledby="about-visit" className={styles.card}>
          <h2 id="about-visit">{t('visitTitle')}</h2>
          <p>{t('visitText', { address: CONTACT.street, city: CONTACT.city })}</p>
        </section>
        <OpeningHours />
      </div>

      <ContactBlock />
    </Container>
  );
}
