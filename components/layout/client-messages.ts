import type { AbstractIntlMessages } from 'next-intl';

/**
 * Which messages reach the browser. Every <NextIntlClientProvider> serialises its `messages` into the
 * RSC payload of the page, so each page ships only the paths its own client components read:
 *
 * - ROOT_MESSAGE_PATHS (below): the root layout's provider, on every page. Only what the shell's client
 *   islands and app/[locale]/error.tsx use: top bar, mobile menu, bottom bar, search box, language
 *   switcher, cart link, the login side panel with its lazily loaded form and hooks, the notification
 *   bell, SessionProvider's toasts and the toast area. Narrowed to sub-keys where a namespace is large.
 * - A route segment whose islands need more wraps them (or its subtree) in <ScopedMessages paths={…}>
 *   (components/layout/ScopedMessages.tsx): a nested provider with ROOT_MESSAGE_PATHS plus the extra
 *   paths. A nested provider REPLACES its parent's messages (it does not merge), hence the root paths.
 *   Each feature keeps its list beside its components (components/<feature>/messages.ts).
 *
 * Adding a client component: list every namespace/key its useTranslations/t calls read (and those of
 * the hooks/helpers it imports) in its feature's list, and make sure the pages that render it pass that
 * list; a shell island goes here. A missing path renders the key text ("account.login.open") instead of
 * the translation. Server components (getTranslations, or useTranslations in a non-client component)
 * read the full messages on the server and need nothing here.
 */
export const ROOT_MESSAGE_PATHS = [
  // top bar, mobile menu, bottom bar, nav links, search box, cart link, language switcher
  'common.nav',
  'common.cart',
  'common.search',
  'common.price',
  'common.language',
  // app/[locale]/error.tsx, and usePublicApi's failure texts (lib/api/public.ts)
  'errors.generic',
  'errors.jwt',
  'errors.error500',
  'errors.request',
  // the toast area (components/toast)
  'toast',
  // SessionProvider's logout toast
  'account.session.loggedOut',
  // <CartSync>'s sign-in toast (the saved cart, issue 23 §4)
  'account.cartSync',
  // the login side panel (LoginPanel), its lazily loaded LoginForm (also the /login page's form),
  // GoogleSignIn, fields.tsx and hooks.ts (validation texts, form warnings, server messages)
  'account.login.open',
  'account.login.panelTitle',
  'account.login.close',
  'account.login.email',
  'account.login.emailPlaceholder',
  'account.login.password',
  'account.login.remember',
  'account.login.forgot',
  'account.login.submit',
  'account.login.noAccount',
  'account.login.register',
  'account.login.or',
  'account.login.success',
  'account.login.resend',
  'account.login.resending',
  'account.google',
  'account.form',
  'account.validation',
  'account.server',
  // the notification bell (signed-in visitors)
  'notifications.bell',
  'notifications.messages',
  'notifications.list',
  'notifications.browser',
] as const;
// Never sent by the root: seo, pages, catalogue, home, admin*, the rest of common (footer…) and of the
// feature namespaces (their pages add them with <ScopedMessages>).

type Tree = Record<string, unknown>;

/**
 * A copy of `messages` holding only the given dot paths (missing paths are skipped), added to a copy of
 * `base` when given. Paths may overlap ('account' and 'account.login.open'), in any order; neither
 * `messages` nor `base` is modified, and the subtrees of `base` that no path touches are kept as the
 * same objects (React's RSC payload then sends them once, as references, see rootMessages).
 */
export function pickMessages(
  messages: AbstractIntlMessages,
  paths: readonly string[],
  base?: AbstractIntlMessages,
): AbstractIntlMessages {
  const out: Tree = { ...base };
  const own = new WeakSet<object>([out]);
  for (const path of paths) {
    const parts = path.split('.');
    let src: unknown = messages;
    for (const part of parts) {
      src = src && typeof src === 'object' ? (src as Tree)[part] : undefined;
    }
    if (src === undefined) continue;
    let dst = out;
    parts.slice(0, -1).forEach((part) => {
      const next = dst[part];
      if (!next || typeof next !== 'object') dst[part] = {};
      // a subtree shared with `messages` or `base`: copy it before writing into it
      else if (!own.has(next)) dst[part] = { ...(next as Tree) };
      dst = dst[part] as Tree;
      own.add(dst);
    });
    dst[parts[parts.length - 1]] = src;
  }
  return out as AbstractIntlMessages;
}

const rootPicks = new WeakMap<AbstractIntlMessages, AbstractIntlMessages>();

/**
 * The root layout's client messages (ROOT_MESSAGE_PATHS), one object per messages object. The root
 * layout and <ScopedMessages> (which builds on it) share its subtrees, so a page's nested provider
 * costs only its extra paths in the RSC payload: React sends an object it already sent as a reference.
 */
export function rootMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  let picked = rootPicks.get(messages);
  if (!picked) {
    picked = pickMessages(messages, ROOT_MESSAGE_PATHS);
    rootPicks.set(messages, picked);
  }
  return picked;
}
