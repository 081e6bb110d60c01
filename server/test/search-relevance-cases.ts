/**
 * Relevance cases over the demo catalogue, built the way shoppers type (issue 28): each kind is derived
 * mechanically from the visible products' names and SKUs (so the suite grows with the catalogue and is not
 * tuned to the implementation), plus hand-written cases for the trade's own words and the issue's examples.
 * The trade words below are the test's own list, deliberately not imported from the seed.
 */
import { normalizeText } from '../lib/text';

export type Kind = 'exact' | 'plural' | 'typo' | 'joined' | 'sku' | 'synonym' | 'nomatch';
export const KINDS: Kind[] = ['exact', 'plural', 'typo', 'joined', 'sku', 'synonym', 'nomatch'];

export type CatalogueRow = { sku: string; name: string; categories: string[] };

/** `sku`: that product must be in the first `top` results; `category`: one of them in that category; none: 0 results. */
export type Case = { kind: Kind; q: string; top: number; sku?: string; category?: string };

const STOP = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'en', 'con', 'para', 'y', 'x', 'a', 'por']);
const PER_KIND = 50;

/** The first three words a shopper would type: no numbers, units or stop words. */
function keyWords(name: string): string[] {
  return normalizeText(name)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOP.has(w) && !/\d/.test(w) && !['cm', 'ml', 'kg', 'g'].includes(w))
    .slice(0, 3);
}

function flipNumber(w: string): string {
  if (w.endsWith('ces')) return `${w.slice(0, -3)}z`;
  if (/[^aeiou]es$/.test(w) && w.length > 4) return w.slice(0, -2);
  if (w.endsWith('s') && w.length > 3) return w.slice(0, -1);
  if (w.endsWith('z')) return `${w.slice(0, -1)}ces`;
  if (w.endsWith('on')) return `${w}es`;
  if (/[aeiou]$/.test(w)) return `${w}s`;
  return `${w}es`;
}

const NEIGHBOUR: Record<string, string> = { a: 's', e: 'r', i: 'o', o: 'p', u: 'y', s: 'a', r: 't', n: 'm', l: 'k', m: 'n', t: 'r', c: 'v', d: 'f', h: 'j', p: 'o', b: 'v', g: 'h', v: 'b' };

/** One keyboard-like edit at position i (deletion, neighbour substitution, transposition, doubling in turn). */
function typo(w: string, n: number): string {
  const i = 1 + (n % Math.max(1, w.length - 2));
  switch (n % 4) {
    case 0:
      return w.slice(0, i) + w.slice(i + 1);
    case 1:
      return w.slice(0, i) + (NEIGHBOUR[w[i]!] ?? 'x') + w.slice(i + 1);
    case 2:
      return w.slice(0, i) + (w[i + 1] ?? '') + w[i] + w.slice(i + 2);
    default:
      return w.slice(0, i) + w[i] + w.slice(i);
  }
}

/** Trade words: a shopper's word and the catalogue's (both directions are tried where it reads naturally). */
const TRADE_WORDS: [string, string][] = [
  ['incienso', 'sahumerio'],
  ['quemador', 'hornillo'],
  ['cirio', 'vela'],
  ['sahumador', 'porta sahumerio'],
  ['aromatizador', 'difusor'],
  ['cartas', 'tarot'],
  ['cristal', 'piedra'],
];

const HAND: Case[] = [
  // the table
  { kind: 'plural', q: 'sahumerios', top: 3, category: 'sahumerios' },
  { kind: 'plural', q: 'velas de soja', top: 3, sku: '@Vela de Soja Aromática en Frasco 200 g' },
  { kind: 'typo', q: 'sahumero', top: 3, category: 'sahumerios' },
  { kind: 'joined', q: 'palosanto', top: 3, sku: '@Palo Santo Peruano en astillas 100 g' },
  { kind: 'plural', q: 'inciensos', top: 3, category: 'sahumerios' },
  { kind: 'sku', q: 'ese0010', top: 1, sku: 'ESE-0010' },
  // the inflections and split words
  { kind: 'plural', q: 'velones', top: 3, sku: '@Velón Siete Días' },
  { kind: 'plural', q: 'lamparas de sal', top: 3, sku: '@Lámpara de Sal del Himalaya 2-3 kg' },
  { kind: 'joined', q: 'tea light', top: 3, sku: '@Velas Tealight x 50 unidades' },
  { kind: 'joined', q: 'atrapa suenos', top: 3, sku: '@Atrapasueños 20 cm' },
  { kind: 'joined', q: 'abre caminos', top: 3, sku: '@Aceite Ritual Abrecaminos 15 ml' },
  { kind: 'joined', q: 'portasahumerio', top: 3, category: 'porta-sahumerios' },
  // trade words
  { kind: 'synonym', q: 'incienso', top: 3, category: 'sahumerios' },
  { kind: 'synonym', q: 'varitas de incienso', top: 3, category: 'sahumerios' },
  { kind: 'synonym', q: 'quemadores', top: 3, category: 'hornillos' },
  { kind: 'synonym', q: 'quemador electrico', top: 3, sku: '@Hornillo Eléctrico de Vidrio' },
  { kind: 'synonym', q: 'cirios', top: 3, category: 'velas' },
  { kind: 'synonym', q: 'aromatizador de varillas', top: 3, sku: '@Difusor de Varillas 100 ml' },
  { kind: 'synonym', q: 'porta incienso', top: 3, category: 'porta-sahumerios' },
  { kind: 'synonym', q: 'cartas gitanas', top: 3, sku: '@Oráculo Gitano' },
  // nothing to find, or only stop words
  { kind: 'nomatch', q: 'zapatillas', top: 0 },
  { kind: 'nomatch', q: 'celular samsung', top: 0 },
  { kind: 'nomatch', q: 'de para', top: 0 },
  { kind: 'nomatch', q: 'de la con', top: 0 },
  { kind: 'nomatch', q: 'heladera', top: 0 },
  { kind: 'nomatch', q: 'neumaticos', top: 0 },
  { kind: 'nomatch', q: 'televisor', top: 0 },
  { kind: 'nomatch', q: 'bicicleta', top: 0 },
];

/** The cases for a catalogue (rows of visible top-level products in a stable order). */
export function buildCases(rows: CatalogueRow[]): Case[] {
  const byName = new Map(rows.map((r) => [r.name, r.sku]));
  const cases: Case[] = HAND.map((c) => (c.sku?.startsWith('@') ? { ...c, sku: byName.get(c.sku.slice(1)) ?? c.sku } : c));
  const names = rows.map((r) => ({ ...r, words: keyWords(r.name), norm: ` ${normalizeText(r.name).replace(/[^a-z0-9]+/g, ' ')} ` }));
  // a case is fair only when at most three products hold all of its words
  const holders = (words: string[]) => names.filter((n) => words.every((w) => n.norm.includes(` ${w} `))).length;
  const fair = names.filter((n) => n.words.length >= 1 && holders(n.words) <= 3);

  const add = (kind: Kind, list: Case[]) => cases.push(...list.slice(0, PER_KIND - cases.filter((c) => c.kind === kind).length));

  add('exact', fair.map((n) => ({ kind: 'exact', q: n.words.join(' '), top: 3, sku: n.sku })));
  add('plural', fair.map((n) => ({ kind: 'plural', q: [flipNumber(n.words[0]!), ...n.words.slice(1)].join(' '), top: 3, sku: n.sku })));
  add(
    'typo',
    fair
      .map((n, i): Case | null => {
        const at = n.words.reduce((best, w, j) => (w.length > n.words[best]!.length ? j : best), 0);
        const w = n.words[at]!;
        if (w.length < 4) return null;
        const wrong = w.length >= 8 ? typo(typo(w, i), i + 1) : typo(w, i);
        if (wrong === w) return null;
        return { kind: 'typo', q: n.words.map((x, j) => (j === at ? wrong : x)).join(' '), top: 3, sku: n.sku };
      })
      .filter((c): c is Case => c !== null),
  );
  add(
    'joined',
    fair
      .filter((n) => n.words.length >= 2 && n.words[0]!.length >= 3 && n.words[1]!.length >= 3)
      .map((n) => ({ kind: 'joined', q: [n.words[0]! + n.words[1]!, ...n.words.slice(2)].join(' '), top: 3, sku: n.sku })),
  );
  const skuSpellings = [
    (s: string) => s.replace(/-/g, '').toLowerCase(),
    (s: string) => s.replace(/-/g, ' '),
    (s: string) => s.toLowerCase(),
    (s: string) => s.replace(/-/g, ''),
  ];
  add('sku', rows.map((r, i) => ({ kind: 'sku', q: skuSpellings[i % skuSpellings.length]!(r.sku), top: 1, sku: r.sku })));
  add(
    'synonym',
    fair.flatMap((n) => {
      for (const [shopper, shop] of TRADE_WORDS) {
        if (n.norm.includes(` ${shop} `)) {
          const q = ` ${n.words.join(' ')} `.replace(` ${shop} `, ` ${shopper} `).trim();
          if (q !== n.words.join(' ')) return [{ kind: 'synonym' as const, q, top: 3, sku: n.sku }];
        }
      }
      return [];
    }),
  );
  return cases;
}
