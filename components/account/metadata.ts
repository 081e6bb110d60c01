import { privatePageMetadata } from '@/lib/seo/private-page';

export type AccountSection = 'login' | 'register' | 'forgot' | 'reset' | 'verify' | 'autoLogin' | 'subscriptions' | 'profile' | 'renew';

/** Title "{Shop} | {Page}", canonical + hreflang; account pages are not indexed (noindex, follow). */
export function accountMetadata(params: Promise<{ locale: string }>, section: AccountSection, path: string) {
  return privatePageMetadata(params, `account.${section}`, path);
}

export function firstParam(v: string | string[] | undefined): string | null {
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s.length > 0 ? s : null;
}
