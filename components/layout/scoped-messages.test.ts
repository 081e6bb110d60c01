import fs from 'node:fs';
import path from 'node:path';
import { NAMESPACES } from '@/i18n/messages';
import { ROOT_MESSAGE_PATHS } from './client-messages';
import { CART_CLIENT_MESSAGE_PATHS, CART_HOOK_MESSAGE_PATHS } from '@/components/cart/messages';
import { HOME_CLIENT_MESSAGE_PATHS } from '@/components/home/messages';
import { PRODUCT_CLIENT_MESSAGE_PATHS } from '@/components/product/messages';
import { CHECKOUT_CLIENT_MESSAGE_PATHS } from '@/components/checkout/messages';
import * as account from '@/components/account/messages';
import * as orders from '@/components/orders/messages';
import * as admin from '@/components/admin/messages';

/** Every path a page sends to the client (root layout, <ScopedMessages> lists) exists in Spanish. */
const es: Record<string, unknown> = Object.fromEntries(
  NAMESPACES.map((ns) => [ns, JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', 'es', `${ns}.json`), 'utf8'))]),
);

const LISTS: Record<string, readonly string[]> = {
  ROOT_MESSAGE_PATHS,
  CART_CLIENT_MESSAGE_PATHS,
  CART_HOOK_MESSAGE_PATHS,
  HOME_CLIENT_MESSAGE_PATHS,
  PRODUCT_CLIENT_MESSAGE_PATHS,
  CHECKOUT_CLIENT_MESSAGE_PATHS,
  ...account,
  ...orders,
  ...admin,
};

describe.each(Object.entries(LISTS))('%s', (_name, paths) => {
  it('points at existing Spanish messages', () => {
    for (const p of paths) {
      const value = p.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], es);
      expect({ path: p, found: value !== undefined }).toEqual({ path: p, found: true });
    }
  });
});

describe('CHECKOUT_CLIENT_MESSAGE_PATHS', () => {
  it('lists every checkout key but the page texts the server renders (a new key reaches the wizard)', () => {
    const serverOnly = ['metaTitle', 'metaDescription', 'title', 'intro'];
    const expected = Object.keys(es.checkout as object)
      .filter((k) => !serverOnly.includes(k))
      .map((k) => `checkout.${k}`);
    // plus the cart's minimum notice, shown on every step
    expect([...CHECKOUT_CLIENT_MESSAGE_PATHS].sort()).toEqual([...expected, 'cart.minimum'].sort());
  });
});
