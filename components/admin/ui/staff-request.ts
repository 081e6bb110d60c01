import 'server-only';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { StaffLoad } from '@/lib/admin/data';
import { requireStaffData } from '@/lib/admin/guard';

/**
 * A back-office page's request: its params awaited, the locale set, and `need`: requireStaffData in this
 * locale (a refused load redirects to login, renew-session or home; an unknown one answers 404).
 */
export async function staffRequest<P extends { locale: string }>(params: Promise<P>) {
  const awaited = await params;
  setRequestLocale(awaited.locale);
  const need = <T>(load: StaffLoad<T>, next: string): T => requireStaffData(load, awaited.locale as Locale, next);
  return { ...awaited, need };
}
