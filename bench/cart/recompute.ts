/**
 * Cart recompute benchmark: what the UI does on every quantity change.
 *
 *   npx tsx bench/cart/recompute.ts [iterations]
 *
 * A cart of 500 lines across 50 parents (10 variations each, 4 tiers per parent: plain, strict,
 * VIP, a dearer one), then `iterations` reducer `upsert`s that change one line's units, each
 * followed by the cart page's grouping selector. Prints mean / p50 / p99 / max in ms and exits
 * non-zero when p99 misses the 2 ms target.
 */
import type { Offer } from '../../lib/contracts/catalogue';
import { cartReducer, createCartState, selectCartGroups, type CartItem, type CartState } from '../../lib/cart';
import { priceCart } from '../../lib/pricing';

const PARENTS = 50;
const CHILDREN = 10;
const TARGET_MS = 2;
const iterations = Number(process.argv[2] ?? 5000);

// Deterministic pseudo-random numbers, so runs are comparable.
let seed = 42;
const random = (): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

function buildItems(): CartItem[] {
  const items: CartItem[] = [];
  let offerId = 1;
  for (let p = 0; p < PARENTS; p++) {
    const fatherId = 10_000 + p;
    const base = 1000 + p * 37.25;
    const offers: Offer[] = [
      { id: offerId++, name: 'Mayorista 12', units: 12, price: base * 0.9, isVip: false, isStrict: false },
      { id: offerId++, name: 'Caja 48', units: 48, price: base * 0.75, isVip: false, isStrict: true },
      { id: offerId++, name: 'VIP 24', units: 24, price: base * 0.7, isVip: true, isStrict: false },
      { id: offerId++, name: 'Bulto 100', units: 100, price: base * 0.95, isVip: false, isStrict: false },
    ].map((o) => ({ ...o, price: Math.round(o.price * 100) / 100 }));
    for (let c = 0; c < CHILDREN; c++) {
      items.push({
        id: fatherId * 100 + c,
        units: 1 + Math.floor(random() * 12),
        cartName: `Variación ${c}`,
        price: base,
        discount: c % 4 === 0 ? Math.round(base * 0.85 * 100) / 100 : null,
        fatherId,
        cartFatherName: `Producto ${p}`,
        image: null,
        path: `/sahumerios/producto-${p}`,
        offers,
        state: c === 9 && p % 10 === 0 ? 'noStock' : 'active',
        min: 0,
        max: 0,
        steps: 0,
      });
    }
  }
  return items;
}

function stats(samples: number[]): { mean: number; p50: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    mean: samples.reduce((s, x) => s + x, 0) / samples.length,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted[sorted.length - 1],
  };
}

const fmt = (ms: number) => ms.toFixed(4).padStart(8);

function measure(label: string, runs: number, step: (i: number) => void): ReturnType<typeof stats> {
  for (let i = 0; i < Math.min(2000, runs); i++) step(i); // warm-up: let the JIT settle
  const samples = new Array<number>(runs);
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    step(i);
    samples[i] = performance.now() - start;
  }
  const s = stats(samples);
  console.log(`${label.padEnd(44)} mean ${fmt(s.mean)}  p50 ${fmt(s.p50)}  p99 ${fmt(s.p99)}  max ${fmt(s.max)}  (ms, n=${runs})`);
  return s;
}

const items = buildItems();
let state: CartState = createCartState(items, { isVip: false });
console.log(
  `cart: ${state.items.length} lines, ${new Set(items.map((i) => i.fatherId)).size} parents, ` +
    `${state.pricing.totalUnits} buyable units, total ${state.pricing.totalCents} centavos`,
);

const reducerStats = measure('reducer upsert + selectCartGroups', iterations, () => {
  const target = items[Math.floor(random() * items.length)];
  state = cartReducer(state, { type: 'upsert', item: { ...target, units: 1 + Math.floor(random() * 60) } });
  selectCartGroups(state);
});

let vip = false;
measure('reducer setVip (re-price only)', iterations, () => {
  vip = !vip;
  state = cartReducer(state, { type: 'setVip', isVip: vip });
});

// The engine alone, on centavo inputs (what the API runs at order time).
const lines = state.pricing.lines.map((l) => ({ id: l.id, parentId: l.parentId, units: l.units, price: l.regularPrice, discount: null }));
const tiers = new Map(
  items.map((i) => [i.fatherId, i.offers.map((o) => ({ ...o, price: Math.round(o.price * 100) }))] as const),
);
measure('priceCart (engine only, centavos)', iterations, () => {
  priceCart(lines, tiers, { isVip: false });
});

const ok = reducerStats.p99 < TARGET_MS;
console.log(`target: p99 < ${TARGET_MS} ms per reducer recompute → ${ok ? 'PASS' : 'FAIL'}`);
if (!ok) process.exitCode = 1;
