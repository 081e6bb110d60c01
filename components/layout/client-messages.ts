import type { AbstractIntlMessages } from 'next-intl';

/**
 * The message paths client components need, passed by the root layout to NextIntlClientProvider
 * (everything else stays on the server, keeping the HTML payload small). Add a path here when a
 * client component of yours calls useTranslations on a namespace/key not listed.
 */
export const CLIENT_MESSAGE_PATHS = [
  // the shell's islands (top bar, menus, search, cart link, language switcher) and error.tsx
  'common.nav',
  'common.cart',
  'common.search',
  'common.price',
  'common.language',
  'home.carousel',
  'errors',
  // other features' client components (owners: narrow these to the keys your islands use)
  'toast',
  'account',
  'product',
  'cart',
  'checkout',
  'orders',
  'notifications',
  // the staff back-office's islands (components/admin)
  'admin.client',
  'adminSettings.client',
  'adminSettings.roles',
  'adminProducts.client',
  'adminProducts.states',
] as const;
// Server-only texts never sent: seo, home, pages, catalogue, admin and the rest of common (footer…).

type Tree = Record<string, unknown>;

/** A copy of `messages` holding only the given dot paths (missing paths are skipped). */
export function pickMessages(messages: AbstractIntlMessages, paths: readonly string[]): AbstractIntlMessages {
  const out: Tree = {};
  for (const path of paths) {
    const parts = path.split('.');
    let src: unknown = messages;
    for (const part of parts) {
      src = src && typeof src === 'object' ? (src as Tree)[part] : undefined;
    }
    if (src === undefined) continue;
    let dst = out;
    parts.slice(0, -1).forEach((part) => {
      if (!dst[part] || typeof dst[part] !== 'object') dst[part] = {};
      dst = dst[part] as Tree;
    });
    dst[parts[parts.length - 1]] = src;
  }
  return out as AbstractIntlMessages;
}
