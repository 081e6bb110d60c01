/** Test helpers for components/cart (not shipped). */
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import cart from '@/messages/es/cart.json';
import product from '@/messages/es/product.json';
import type { CartItem, StorageLike } from '@/lib/cart';
import { saveCart, createCartState } from '@/lib/cart';
import type { CartLookupItem } from '@/lib/contracts/catalogue';
import type { LookupFetcher } from './lookup';
import { SHOP_TIME_ZONE } from '@/lib/locales';

const messages = { cart, product };

export function IntlWrapper({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider locale="es" messages={messages} onError={() => {}} timeZone={SHOP_TIME_ZONE}>
      {children}
    </NextIntlClientProvider>
  );
}

/** Puts a cart into (jsdom's) localStorage the way the app stores it. */
export function seedStorage(items: CartItem[], storage: StorageLike = window.localStorage, limited = false) {
  saveCart(storage, createCartState(items, { limited }));
}

/** A fetcher answering from a fixed list (unknown ids omitted), recording the ids it was asked. */
export function fakeFetcher(found: CartLookupItem[]): LookupFetcher & { calls: number[][] } {
  const calls: number[][] = [];
  const fn = (async (ids: readonly number[]) => {
    calls.push([...ids]);
    return { requestedIds: [...ids], found: found.filter((f) => ids.includes(f.id)) };
  }) as LookupFetcher & { calls: number[][] };
  fn.calls = calls;
  return fn;
}

/** Flushes pending promise callbacks. */
export const flushPromises = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
