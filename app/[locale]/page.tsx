import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { WebSite, WithContext } from 'schema-dts';
import type { Locale } from '@/i18n/routing';
import { localizedPath } from '@/lib/locales';
import { absoluteUrl, pageMetadata, SHOP_NAME } from '@/lib/seo/metadata';
import { JsonLd } from '@/lib/seo/JsonLd';
import { Container } from '@/components/ui/Container';
import { ButtonLink } from '@/components/ui/Button';
import { HeartIcon, LeafIcon, TagIcon, TruckIcon } from '@/components/ui/icons';
import { ProductCard } from '@/components/catalogue/ProductCard';
import { getProductCardLabels } from '@/components/catalogue/card-labels';
import { HeroCarousel } from '@/components/home/HeroCarousel';
import { HOME_CLIENT_MESSAGE_PATHS } from '@/components/home/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { CategoryGrid } from '@/components/home/CategoryGrid';
import { getHomeData } from '@/components/home/home-data';
import styles from './home.module.css';

// Lowest lifetime of the data shown (products, lib/cache SECONDS.products); tags refresh it sooner.
export const revalidate = 300;

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  // Same (deduplicated, cached) reads as the page: with the API down this throws before streaming
  // starts, so the visitor gets the error page with HTTP 500 and nothing is cached.
  const [t] = await Promise.all([getTranslations({ locale, namespace: 'seo.home' }), getHomeData()]);
  return pageMetadata({ locale: locale as Locale, path: '/', title: t('title'), description: t('description') });
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, cardLabels, data] = await Promise.all([getTranslations('home'), getProductCardLabels(), getHomeData()]);
  const website: WithContext<WebSite> = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SHOP_NAME,
    url: absoluteUrl(localizedPath(locale as Locale, '/')),
    inLanguage: locale,
    potentialAction: {
      '@type': 'SearchAction',
      target: `${absoluteUrl(localizedPath(locale as Locale, '/products'))}?query={search_term_string}`,
      // schema-dts has no type for Google's "query-input" extension.
      ...({ 'query-input': 'required name=search_term_string' } as object),
    },
  };
  const trust = [
    { icon: <HeartIcon />, title: t('trust.years'), text: t('trust.yearsText') },
    { icon: <TagIcon />, title: t('trust.wholesale'), text: t('trust.wholesaleText') },
    { icon: <TruckIcon />, title: t('trust.shipping'), text: t('trust.shippingText') },
    { icon: <LeafIcon />, title: t('trust.support'), text: t('trust.supportText') },
  ];

  return (
    <>
      <JsonLd data={website} />
      <Container className={styles.hero}>
        {data.slides.length > 0 ? (
          <ScopedMessages paths={HOME_CLIENT_MESSAGE_PATHS}>
            <HeroCarousel slides={data.slides} />
          </ScopedMessages>
        ) : null}
        <div className={styles.welcome}>
          <div>
            <h1 className={styles.title}>{t('title')}</h1>
            <p className={styles.intro}>{t('intro')}</p>
          </div>
          <div className={styles.ctas}>
            <ButtonLink href="/products">{t('ctaProducts')}</ButtonLink>
            <ButtonLink href="/about-us" variant="secondary">
              {t('ctaAbout')}
            </ButtonLink>
          </div>
        </div>
      </Container>

      <section aria-labelledby="home-trust" className={styles.trustBand}>
        <Container>
          <h2 id="home-trust" className="visually-hidden">
            {t('trust.title')}
          </h2>
          <ul className={styles.trust}>
            {trust.map((item) => (
              <li key={item.title} className={styles.trustItem}>
                <span className={styles.trustIcon}>{item.icon}</span>
                <span>
                  <strong className={styles.trustTitle}>{item.title}</strong>
                  <span className={styles.trustText}>{item.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      {data.outstanding.length > 0 ? (
        <Container as="section" aria-labelledby="home-outstanding" className={styles.section}>
          <div className={styles.sectionHead}>
            <h2 id="home-outstanding">{t('outstanding.title')}</h2>
            <ButtonLink href="/products" variant="ghost" size="small">
              {t('outstanding.seeAll')}
            </ButtonLink>
          </div>
          <ul className={styles.products}>
            {data.outstanding.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} labels={cardLabels} headingLevel={3} />
              </li>
            ))}
          </ul>
        </Container>
      ) : null}

      {data.categories.length > 0 ? (
        <Container as="section" aria-labelledby="home-categories" className={styles.section}>
          <div className={styles.sectionHead}>
            <h2 id="home-categories">{t('categories.title')}</h2>
          </div>
          <CategoryGrid categories={data.categories} countLabel={(count) => t('categories.count', { count })} />
        </Container>
      ) : null}
    </>
  );
}
