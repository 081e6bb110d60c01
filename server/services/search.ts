/**
 * The one product matcher and ranking, used by the dropdown (GET api/products/search) and the catalogue
 * (GET api/products?query=) on PGlite and PostgreSQL alike (issue 28, docs/adr/0003-search.md).
 *
 * The database holds the document: `products.search_vector` is a generated tsvector (Spanish stemmer:
 * name A, categories B, rest C) with a GIN index, and `products.sku_key` the SKU as lowercase letters and
 * digits. This file turns what a shopper typed into one tsquery per word ("group"), each with:
 *   exact — the word (stemmed by PostgreSQL: velas = vela), its synonyms (staff's list), and the two words it
 *           joins or splits into when the catalogue has them (palosanto → palo <-> santo, tea light → tealight);
 *   loose — spellings one edit away (two from 8 letters) from a word of the catalogue's names (sahumero →
 *           sahumerio), and the last word as a prefix (type-ahead), only for words the catalogue does not have.
 * Matches: the products holding every word; only when none does, those holding any (most words first).
 * Ranking: exact SKU, exact name, every word in the name (exactly, then loosely), most words matched, fewest
 * typos, ts_rank (name above category above description), best sellers.
 *
 * The lexicon (catalogue words, joined pairs, synonyms) is read from the database and kept until the
 * catalogue cache's version changes (any catalogue write), so a typo resolves in memory.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { searchSynonyms } from '../db/schema';
import { normalizeText } from '../lib/text';

/** PostgreSQL's Spanish stop words that shoppers type: a query made only of these finds nothing. */
const STOP_WORDS = new Set(
  (
    'de la que el en y a los del se las por un para con no una su al lo como mas pero sus le ya o este si porque ' +
    'esta entre cuando muy sin sobre tambien me hasta hay donde quien desde todo nos durante todos uno les ni ' +
    'contra otros ese eso ante ellos e esto mi antes algunos que unos yo otro otras otra el tanto esa estos mucho ' +
    'quienes nada muchos cual poco ella estar estas algunas algo nosotros mis tu te ti tus'
  ).split(' '),
);

const MAX_GROUPS = 6;
const MAX_WORD = 40;

export type Lexicon = {
  /** every word of the visible products' and categories' names */
  words: Set<string>;
  /** words by length, for the edit-distance scan */
  byLength: Map<number, string[]>;
  /** 'palosanto' → 'palo santo': adjacent name words written together */
  joined: Map<string, string>;
  /** a word or phrase → the other terms of its synonym groups */
  synonyms: Map<string, string[]>;
};

/** Plural → singular the simple way, only to look words up (PostgreSQL's stemmer does the matching). */
function singular(w: string): string {
  if (w.endsWith('ces') && w.length > 4) return `${w.slice(0, -3)}z`;
  if (/(on|or|al|ar|er|il|ol|ul|an|en)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && w.length > 3) return w.slice(0, -1);
  return w;
}

/** Optimal string alignment distance (an adjacent swap is one edit), giving up beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2: number[] = new Array<number>(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j]!;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Typos forgiven: one in words of 4+ letters, two in 8+. */
function allowedEdits(word: string): number {
  if (/\d/.test(word)) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Catalogue words within `max` edits of `w`, closest first (ties: same first letter, then shorter). */
function nearWords(lex: Lexicon, w: string, max: number, limit = 4): string[] {
  const found: { word: string; d: number }[] = [];
  for (let len = w.length - max; len <= w.length + max; len++) {
    for (const cand of lex.byLength.get(len) ?? []) {
      const d = editDistance(w, cand, max);
      if (d <= max) found.push({ word: cand, d });
    }
  }
  found.sort((x, y) => x.d - y.d || Number(y.word[0] === w[0]) - Number(x.word[0] === w[0]) || x.word.length - y.word.length);
  return found.slice(0, limit).map((f) => f.word);
}

function buildLexicon(names: string[], synonymGroups: string[][]): Lexicon {
  const words = new Set<string>();
  const joined = new Map<string, string>();
  for (const name of names) {
    const ws = normalizeText(name)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 2);
    ws.forEach((w, i) => {
      words.add(w);
      if (STOP_WORDS.has(w) || /\d/.test(w)) return;
      // the next word, or the one after a stop word ("agua de rosas" → aguarosas)
      const next = ws[i + 1] && STOP_WORDS.has(ws[i + 1]!) ? ws[i + 2] : ws[i + 1];
      if (next && !/\d/.test(next) && !STOP_WORDS.has(next)) joined.set(w + next, `${w} ${next}`);
    });
  }
  const synonyms = new Map<string, string[]>();
  for (const group of synonymGroups) {
    const terms = [...new Set(group.map((t) => normalizeText(t)).filter(Boolean))];
    for (const t of terms) {
      const others = terms.filter((o) => o !== t);
      synonyms.set(t, [...new Set([...(synonyms.get(t) ?? []), ...others])]);
      for (const w of t.split(' ')) if (w.length >= 2 && !STOP_WORDS.has(w)) words.add(w);
    }
  }
  const byLength = new Map<number, string[]>();
  for (const w of words) {
    if (/\d/.test(w)) continue;
    const list = byLength.get(w.length) ?? [];
    list.push(w);
    byLength.set(w.length, list);
  }
  return { words, byLength, joined, synonyms };
}

/** The words of a query as compared: normalized, letters and digits only. */
function queryWords(query: string): string[] {
  return normalizeText(query)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD));
}

/**
 * A term of a tsquery: one word, a phrase (words in a row), words that must all be there (`all`), or a
 * prefix; weight 'A' restricts it to the name.
 */
type Term = { words: string[]; prefix?: boolean; all?: boolean };

function tsTerm(t: Term, weight: '' | 'A'): string {
  const lexeme = (w: string, last: boolean) => `${w}${t.prefix && last ? `:*${weight}` : weight ? `:${weight}` : ''}`;
  // a lone stop word is no term (PostgreSQL would drop it with a notice); inside a phrase it keeps its place
  const parts = t.words.length === 1 && STOP_WORDS.has(t.words[0]!) ? [] : t.words;
  if (!parts.length) return '';
  if (parts.length === 1) return lexeme(parts[0]!, true);
  return `(${parts.map((w, i) => lexeme(w, i === parts.length - 1)).join(t.all ? ' & ' : ' <-> ')})`;
}

function tsAny(terms: Term[], weight: '' | 'A'): string {
  const parts = [...new Set(terms.map((t) => tsTerm(t, weight)).filter(Boolean))];
  return parts.length ? `(${parts.join(' | ')})` : '';
}

type Group = { exact: Term[]; loose: Term[] };

export type SearchPlan = {
  /** the query's words, normalized (what is logged and compared with product names) */
  normalized: string;
  groups: Group[];
  /** the SKU as letters and digits, when the query could be one */
  skuKey: string | null;
};

/** What to search for; null when the query has nothing to search (punctuation, emoji or only stop words). */
export function planSearch(query: string, lex: Lexicon): SearchPlan | null {
  const all = queryWords(query);
  const compact = all.join('');
  const skuKey = /\d/.test(compact) && /[a-z]/.test(compact) && compact.length >= 4 && compact.length <= 30 ? compact : null;
  const words = all.filter((w) => !STOP_WORDS.has(w) && (w.length >= 2 || /\d/.test(w)));
  if (!words.length && !skuKey) return null;

  const synonymsOf = (w: string): Term[] =>
    (lex.synonyms.get(w) ?? lex.synonyms.get(singular(w)) ?? []).map((s) => ({ words: s.split(' ') }));

  const groups: Group[] = [];
  for (let i = 0; i < words.length && groups.length < MAX_GROUPS; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const isLast = i === words.length - 1;
    // "tea light" → tealight: two typed words the catalogue writes as one
    if (next && (lex.words.has(w + next) || lex.words.has(singular(w + next)))) {
      groups.push({ exact: [{ words: [w + next] }, { words: [w, next] }, ...synonymsOf(w + next)], loose: [] });
      i++;
      continue;
    }
    const exact: Term[] = [{ words: [w] }, ...synonymsOf(w)];
    const loose: Term[] = [];
    const known = lex.words.has(w) || lex.words.has(singular(w));
    if (!known) {
      // "palosanto" → palo santo
      const split = lex.joined.get(w) ?? lex.joined.get(singular(w));
      if (split) exact.push({ words: split.split(' '), all: true });
      const edits = allowedEdits(w);
      if (edits) {
        for (const near of nearWords(lex, w, edits)) loose.push({ words: [near] }, ...synonymsOf(near));
      }
      if (isLast && w.length >= 3 && !/\d/.test(w)) loose.push({ words: [w], prefix: true });
    }
    groups.push({ exact, loose });
  }
  return { normalized: all.join(' ').slice(0, 100), groups, skuKey };
}

/** "¿Quisiste decir …?": the query with each unknown word replaced by the closest catalogue word, or null. */
export function suggestQuery(query: string, lex: Lexicon): string | null {
  const words = queryWords(query);
  let changed = false;
  const out = words.map((w) => {
    if (STOP_WORDS.has(w) || lex.words.has(w) || lex.words.has(singular(w)) || /\d/.test(w) || w.length < 3) return w;
    const near = nearWords(lex, w, Math.max(2, Math.floor(w.length / 3)), 1)[0];
    if (!near) return w;
    changed = true;
    return near;
  });
  return changed ? out.join(' ') : null;
}

/* ------------------------------------------------------------------- SQL */

/** tsquery texts hold only [a-z0-9] words, spaces and ( ) | & < - > : * A, so double quotes delimit them safely. */
function textArray(items: string[]): string {
  return `{${items.map((t) => `"${t}"`).join(',')}}`;
}

/**
 * `search_products(…)` (migration 0006) for a plan: a set of (id, ord) — every visible top-level match,
 * ord 1 the best. Ranking: exact SKU, SKU prefix, exact name, every word in the name (exactly, then with
 * typos), most words, most exact words, ts_rank (name above category above description), best sellers.
 */
export function searchCall(plan: SearchPlan): SQL {
  const groups = plan.groups.map((g) => tsAny([...g.exact, ...g.loose], '')).filter(Boolean);
  const exact = plan.groups.map((g) => tsAny(g.exact, ''));
  const hasLoose = plan.groups.some((g) => g.loose.length > 0);
  const exactA = plan.groups.map((g) => tsAny(g.exact, 'A'));
  const anyA = plan.groups.map((g) => tsAny([...g.exact, ...g.loose], 'A'));
  const all = (parts: string[]) => (parts.length && parts.every(Boolean) ? parts.join(' & ') : '');
  return sql`search_products(${groups.join(' | ')}, ${groups.join(' & ')}, ${textArray(hasLoose ? exact.filter(Boolean) : [])}::text[],
    ${textArray(groups)}::text[], ${all(exactA)}, ${all(anyA)}, ${plan.skuKey ?? ''}, ${plan.normalized})`;
}

/* ---------------------------------------------------------------- lexicon */

/** The lexicon of the current catalogue, reloaded when `version()` (the catalogue cache's) changes. */
export class LexiconStore {
  private current: { version: number; lex: Lexicon } | null = null;
  private loading: { version: number; promise: Promise<Lexicon> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly version: () => number,
  ) {}

  async get(): Promise<Lexicon> {
    const v = this.version();
    if (this.current?.version === v) return this.current.lex;
    if (this.loading?.version === v) return this.loading.promise;
    const promise = this.load().then(
      (lex) => {
        if (this.version() === v) this.current = { version: v, lex };
        if (this.loading?.version === v) this.loading = null;
        return lex;
      },
      (err: unknown) => {
        if (this.loading?.version === v) this.loading = null;
        throw err;
      },
    );
    this.loading = { version: v, promise };
    return promise;
  }

  private async load(): Promise<Lexicon> {
    const res = (await this.db.execute(sql`
      select distinct search_name as n from products where is_visible and state <> 'hidden'
      union select lower(name) from categories`)) as unknown as { rows: { n: string }[] };
    const groups = await this.db.select({ terms: searchSynonyms.terms }).from(searchSynonyms);
    return buildLexicon(
      res.rows.map((r) => r.n),
      groups.map((g) => g.terms),
    );
  }
}
