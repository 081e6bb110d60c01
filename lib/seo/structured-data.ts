import type { FAQPage, Store, WithContext } from 'schema-dts';
import { CONTACT, OPENING_HOURS } from './business';
import { absoluteUrl, SHOP_NAME } from './metadata';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** FAQPage structured data from the questions and answers shown on the page (plain text). */
export function faqPageJsonLd(entries: FaqEntry[], url: string): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    mainEntity: entries.map((e) => ({
      '@type': 'Question',
      name: e.question,
      acceptedAnswer: { '@type': 'Answer', text: e.answer },
    })),
  };
}

/** The shop as a schema.org Store (LocalBusiness): address, opening hours and contact points. */
export function storeJsonLd(url: string, description: string): WithContext<Store> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: SHOP_NAME,
    url,
    description,
    logo: absoluteUrl('/icon.png'),
    image: absoluteUrl('/icon.png'),
    email: CONTACT.email,
    telephone: `+${CONTACT.whatsappNumber}`,
    currenciesAccepted: 'ARS',
    paymentAccepted: 'Cash, Debit Card, Bank Transfer',
    address: {
      '@type': 'PostalAddress',
      streetAddress: CONTACT.street,
      addressLocality: CONTACT.city,
      postalCode: CONTACT.postalCode,
      addressRegion: CONTACT.region,
      addressCountry: CONTACT.country,
    },
    openingHoursSpecification: OPENING_HOURS.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: [...h.days],
      opens: h.opens,
      closes: h.closes,
    })),
    sameAs: [CONTACT.instagramUrl],
  };
}
