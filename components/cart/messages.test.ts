import { IntlMessageFormat } from 'intl-messageformat';
import es from '@/messages/es/cart.json';
import en from '@/messages/en/cart.json';
import pt from '@/messages/pt-BR/cart.json';
import product from '@/messages/es/product.json';
import account from '@/messages/es/account.json';
import errors from '@/messages/es/errors.json';
import { NAMESPACES } from '@/i18n/messages';
import { CART_CLIENT_MESSAGE_PATHS, CART_HOOK_MESSAGE_PATHS } from './messages';

type Tree = { [key: string]: string | Tree };

function entries(obj: Tree, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]],
  );
}

const ALL = { es, en, 'pt-BR': pt } as Record<string, Tree>;

describe('cart messages', () => {
  it('is a registered namespace', () => {
    expect(NAMESPACES).toContain('cart');
  });

  it('en and pt-BR translate every Spanish key', () => {
    const keys = (m: Tree) => entries(m).map(([k]) => k).sort();
    expect(keys(ALL.en)).toEqual(keys(ALL.es));
    expect(keys(ALL['pt-BR'])).toEqual(keys(ALL.es));
  });

  it('every message is valid ICU and uses the same placeholders as Spanish', () => {
    type Node = { type: number; value?: unknown; options?: Record<string, { value: Node[] }> };
    const collect = (nodes: Node[], out: Set<string>): Set<string> => {
      for (const node of nodes) {
        // 0 = literal, 7 = pound sign; every other element names an argument.
        if (node.type !== 0 && node.type !== 7 && typeof node.value === 'string') out.add(node.value);
        for (const option of Object.values(node.options ?? {})) collect(option.value, out);
      }
      return out;
    };
    const vars = (text: string) => [...collect(new IntlMessageFormat(text, 'es').getAst() as Node[], new Set())].sort();
    const esMap = new Map(entries(ALL.es));
    for (const [locale, tree] of Object.entries(ALL)) {
      for (const [key, text] of entries(tree)) {
        expect(() => new IntlMessageFormat(text, locale)).not.toThrow();
        expect({ key, vars: vars(text) }).toEqual({ key, vars: vars(esMap.get(key)!) });
      }
    }
  });

  it('keeps the spec texts', () => {
    expect(es.toast.removed).toBe('se ha borrado el item');
    expect(es.send.button).toBe('Enviar pedido');
    expect(es.send.guest).toBe('Ingresá o registrate para enviar tu pedido');
    const nudge = new IntlMessageFormat(es.group.nudge, 'es');
    expect(nudge.format({ count: 5, price: '$ 80,00' })).toBe('Agregá 5 unidades más para pagar $ 80,00 c/u');
    expect(nudge.format({ count: 1, price: '$ 80,00' })).toBe('Agregá 1 unidad más para pagar $ 80,00 c/u');
  });
});

describe('client message paths', () => {
  it('point at existing Spanish messages', () => {
    const all: Record<string, unknown> = { cart: es, product, account, errors };
    for (const path of [...CART_HOOK_MESSAGE_PATHS, ...CART_CLIENT_MESSAGE_PATHS]) {
      const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], all);
      expect({ path, found: value !== undefined }).toEqual({ path, found: true });
    }
  });
});
