import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickMessages, rootMessages } from './client-messages';

/**
 * Server component: gives the client islands below it the root layout's message paths plus `paths`
 * (a feature's list, e.g. PRODUCT_CLIENT_MESSAGE_PATHS). A nested NextIntlClientProvider replaces the
 * parent's messages for its subtree, so the root paths are included again (as the root layout's own
 * objects, which the RSC payload sends only once). See client-messages.ts.
 */
export async function ScopedMessages({ paths, children }: { paths: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickMessages(messages, paths, rootMessages(messages))}>{children}</NextIntlClientProvider>;
}
