import 'server-only';
import { notFound } from 'next/navigation';
import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { StaffLoad } from './data';

/**
 * Unwraps a staff load: signed out → login (next = this page), an expired access token → /renew-session
 * (the browser renews it and comes back: ADR 0005), not staff → home, unknown → 404.
 */
export function requireStaffData<T>(result: StaffLoad<T>, locale: Locale, next: string): T {
  if (result.kind === 'ok') return result.data;
  if (result.kind === 'notFound') notFound();
  if (result.kind === 'signedOut') return redirect({ href: `/login?next=${encodeURIComponent(next)}`, locale });
  if (result.kind === 'renew') return redirect({ href: `/renew-session?next=${encodeURIComponent(next)}`, locale });
  return redirect({ href: '/', locale });
}
