'use client';

/**
 * Adds many lines to the cart in one go (reorder, quick order): merged with what the cart holds by the cart's
 * rules (lib/cart/add-lines), then a toast with the counts and the cart page.
 */
import { useCallback } from 'react';
import { useRouter } from '@/i18n/navigation';
import { mergeLines, type LineToAdd } from '@/lib/cart/add-lines';
import { useCart } from '@/components/cart/CartProvider';
import { useMessages } from '@/components/toast/MessagesProvider';

export function useAddLines(): (lines: readonly LineToAdd[], message: (added: number) => string) => void {
  const cart = useCart();
  const router = useRouter();
  const { notify } = useMessages();
  const { items, upsert } = cart;
  return useCallback(
    (lines, message) => {
      const { items: next } = mergeLines(items, lines);
      for (const item of next) upsert(item);
      notify('SUCCESS', message(next.length));
      router.push('/cart');
    },
    [items, upsert, notify, router],
  );
}
