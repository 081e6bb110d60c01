import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing } from './routing';
import { getMessagesFor } from './messages';
import { SHOP_TIME_ZONE } from '@/lib/locales';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: await getMessagesFor(locale),
    timeZone: SHOP_TIME_ZONE,
    // Spec §8: a missing translation falls back to the key itself.
    getMessageFallback: ({ namespace, key }) => (namespace ? `${namespace}.${key}` : key),
    onError: () => {},
  };
});
