import type { AbstractIntlMessages } from 'next-intl';
import { routing, type Locale } from './routing';

/**
 * Messages live in one JSON file per namespace and locale (messages/<locale>/<namespace>.json), so
 * features own their texts. Spanish is complete; other locales are merged over Spanish, so a key
 * missing in en or pt-BR falls back to Spanish (and a key missing everywhere falls back to the key,
 * see getMessageFallback in request.ts).
 */
export const NAMESPACES = [
  'common',
  'seo',
  'home',
  'catalogue',
  'product',
  'cart',
  'account',
  'checkout',
  'orders',
  'notifications',
  'pages',
  'errors',
  'admin',
  'adminSettings',
  'adminProducts',
  'adminSearch',
  'payments',
  'adminPrices',
  'toast',
  'wholesale',
] as const;

type Messages = Record<string, unknown>;

async function loadLocale(locale: Locale): Promise<Messages> {
  const parts = await Promise.all(
    NAMESPACES.map(async (ns) => {
      try {
        const mod = (await import(`../messages/${locale}/${ns}.json`)) as { default: Messages };
        return [ns, mod.default] as const;
      } catch {
        return [ns, {}] as const;
      }
    }),
  );
  return Object.fromEntries(parts);
}

function deepMerge(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b)
        ? deepMerge(b as Messages, v as Messages)
        : v;
  }
  return out;
}

const cache = new Map<Locale, Promise<AbstractIntlMessages>>();

export function getMessagesFor(locale: Locale): Promise<AbstractIntlMessages> {
  let hit = cache.get(locale);
  if (!hit) {
    hit = (async () => {
      const es = await loadLocale(routing.defaultLocale);
      if (locale === routing.defaultLocale) return es as AbstractIntlMessages;
      return deepMerge(es, await loadLocale(locale)) as AbstractIntlMessages;
    })();
    cache.set(locale, hit);
  }
  return hit;
}
