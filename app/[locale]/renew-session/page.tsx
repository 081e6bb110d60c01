import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { RENEW_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { accountMetadata, firstParam, type PageProps } from '@/components/account/metadata';
import { SessionRenew } from '@/components/account/SessionRenew';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { safeNext } from '@/lib/session/guard';

/** Reads the query string (next): rendered per request. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'renew', '/renew-session');
}

/**
 * /renew-session?next=… — where per-request pages send a visitor whose access token expired (ADR 0005):
 * the browser renews it with the API's refresh cookie and goes back to `next` (a same-site path only).
 */
export default async function RenewSessionPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, sp] = await Promise.all([getTranslations('account.renew'), searchParams]);
  return (
    <AccountPage title={t('metaTitle')}>
      <ScopedMessages paths={RENEW_CLIENT_MESSAGE_PATHS}>
        <SessionRenew next={safeNext(firstParam(sp.next))} />
      </ScopedMessages>
    </AccountPage>
  );
}
