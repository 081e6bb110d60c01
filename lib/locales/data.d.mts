export type Locale = 'es' | 'en' | 'pt-BR';
export declare const LOCALES: readonly ['es', 'en', 'pt-BR'];
export declare const DEFAULT_LOCALE: 'es';
export interface LocaleInfo {
  /** '' (the default locale) or '/segment' */
  readonly prefix: '' | `/${string}`;
  readonly hreflang: string;
  readonly ogLocale: string;
}
export declare const LOCALE_INFO: { readonly [L in Locale]: LocaleInfo };
export declare const SHOP_TIME_ZONE: 'America/Argentina/Buenos_Aires';
