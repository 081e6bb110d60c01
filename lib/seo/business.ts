/**
 * The shop's business facts (spec §1), in one place: footer, About/FAQ/Terms pages and structured data
 * read them from here. Contact and bank values are DEMO placeholders (obviously fake but well-formed):
 * replace them with the real ones before going live.
 */

/** The shop's name (page titles, structured data, price lists). */
export const SHOP_NAME = 'Aromas del Alma';

export const CONTACT = {
  /** WhatsApp number in E.164 without "+", used for https://wa.me links. */
  whatsappNumber: '5491100000000',
  /** The same number as people write it in Argentina. */
  whatsappDisplay: '+54 9 11 0000-0000',
  email: 'ventas@aromasdelalma.example',
  instagramHandle: 'aromasdelalma.demo',
  instagramUrl: 'https://www.instagram.com/aromasdelalma.demo/',
  /** Street address of the shop (pickup point). */
  street: 'Av. Ejemplo 1234',
  city: 'Ciudad Autónoma de Buenos Aires',
  postalCode: 'C1000',
  region: 'CABA',
  country: 'AR',
} as const;

export function whatsappUrl(text?: string): string {
  const base = `https://wa.me/${CONTACT.whatsappNumber}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** Bank transfer data for interior shipments (spec §1). Demo values. */
export const BANK = {
  bank: 'Banco de la Nación Argentina',
  accountType: 'Cuenta corriente en pesos',
  accountNumber: '0000-00000/0',
  accountName: 'Aromas del Alma S.R.L.',
  cbu: '0110000000000000000000',
  alias: 'AROMAS.DEL.ALMA.DEMO',
} as const;

/**
 * Opening hours: Monday to Friday 8-17, Saturday 8-12, Sunday closed. schema.org day names, 24 h times.
 */
export const OPENING_HOURS = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '17:00' },
  { days: ['Saturday'], opens: '08:00', closes: '12:00' },
] as const;

/** Years in business and generations (spec §1: "more than 40 years and 2 generations"). */
export const YEARS_IN_BUSINESS = 40;
export const GENERATIONS = 2;

/** Spec §9: defaults when api/config has no minimums. */
export const DEFAULT_MIN_ORDER_PRICE = 100000;
export const DEFAULT_MIN_LOCAL_PRICE = 50000;
