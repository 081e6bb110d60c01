import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/AccountPage';
import { SUBSCRIPTIONS_CLIENT_MESSAGE_PATHS } from '@/components/account/messages';
import { ScopedMessages } from '@/components/layout/ScopedMessages';
import { Subscriptions } from '@/components/account/Subscriptions';
import { accountMetadata, firstParam, type PageProps } from '@/components/account/metadata';

/** Reads the query string (next / token / tab): rendered per request. */
export const dynamic = 'force-dynamic';

export function generateMetadata({ params }: PageProps) {
  return accountMetadata(params, 'subscriptions', '/suscriptions');
}

export default async function SubscriptionsPage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, sp] = await Promise.all([getTranslations('account.subscriptions'), searchParams]);
  return (
    <AccountPage bare title={t('title')}>
      <ScopedMessages paths={SUBSCRIPTIONS_CLIENT_MESSAGE_PATHS}>
        <Subscriptions token={firstParam(sp.token)} unsubscribe={firstParam(sp.unsubscribe) === '1'} />
      </ScopedMessages>
    </AccountPage>
  );
}
