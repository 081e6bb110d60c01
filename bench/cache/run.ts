/**
 * Catalogue-cache hit rate under a realistic mix: `npm run bench -- cache [--requests 4000] [--edits 2] [--concurrency 8]`.
 *
 * The API in this process on a fresh seeded PGlite (the test harness' template), driven through `inject`
 * (the cache sits behind the HTTP layer, so sockets would only add noise). One deterministic sequence of
 * requests: catalogue browsing 78 % (listing pages, categories, product pages, config, tags, carousel),
 * search 4 %, logins 6 %, orders 4 %, chat messages (customer and staff) 6 %, notification and message
 * reads 2 %, plus `--edits` staff price changes spread over the run (real catalogue writes: they must still
 * clear the cache). The kinds follow one seeded sequence; `--concurrency` clients work through it at
 * once, as shoppers and staff do (the cache's 30 s TTL applies as in production). Reports the hit rate
 * of the cacheable GETs (x-cache header), why each miss happened, and how many times the
 * cache was cleared. Target: ≥ 95 %.
 */
import { createTestContext } from '../../server/test/helpers';
import { api, createCustomer, createUser, insertTestCatalogue, login, setMinimums } from '../../server/test/orders-fixtures';
import { rng, runBench, writeResults } from '../support';
import { benchArgs } from '../args';

const { requests: REQUESTS, edits: EDITS, concurrency: CONCURRENCY } = benchArgs({ requests: 4000, edits: 2, concurrency: 8 });

type Kind = 'browse' | 'search' | 'login' | 'order' | 'chat' | 'read' | 'edit';

async function main(): Promise<number> {
  const ctx = await createTestContext('pglite', { rateLimit: { max: 1_000_000, allowList: ['127.0.0.1'] }, catalogueCacheTtlMs: 30_000 });
  try {
    const { app, db } = ctx;
    await setMinimums(db.db, 100, 100);
    const cat = await insertTestCatalogue(db.db);
    // Several customers and staff members: chat messages are limited per user, as in the shop.
    const buyers: Awaited<ReturnType<typeof createCustomer>>[] = [];
    for (let i = 0; i < 12; i++) buyers.push(await createCustomer(app, db.db, { email: `bench-cache-${i}@example.com` }));
    const staffEmails = ['staff@example.com', 'admin@example.com', 'empleado@example.com', 'pedidos@example.com'];
    for (let i = 0; i < 4; i++) staffEmails.push(await createUser(db.db, `bench-pedidos-${i}@example.com`, 'orderemployee').then(() => `bench-pedidos-${i}@example.com`));
    const staffTokens = await Promise.all(staffEmails.map((e) => login(app, e)));
    const first = await api(app, 'GET', '/api/products?rows=12&page=1');
    const totalPages = Number(first.body.data.totalPages);
    const listed = (first.body.data.items ?? []) as { slug: string; Categories?: { slug: string }[] }[];
    const names = await api(app, 'GET', '/api/category/names');
    const categories = ((names.body.data ?? []) as { slug: string }[]).map((c) => c.slug);
    const browse: string[] = ['/api/config', '/api/tags', '/api/carouselImages', '/api/category/names'];
    for (let p = 1; p <= Math.min(totalPages, 8); p++) browse.push(`/api/products?rows=12&page=${p}`);
    for (const c of categories) browse.push(`/api/products?rows=12&page=1&category=${encodeURIComponent(c)}`);
    for (const p of listed) browse.push(`/api/product/slug/${encodeURIComponent(p.slug)}`);
    const search = ['sahumerio', 'vela', 'lavanda', 'cuarzo'].map((t) => `/api/products/search?query=${t}`);

    const order = (b: (typeof buyers)[number]) =>
      api(app, 'POST', '/api/order', { token: b.token, body: { products: [{ id: cat.simple, quantity: 2 }], billingDataId: b.billingId, toSucc: true } });
    const orderOf: number[] = [];
    for (const b of buyers) {
      const r = await order(b);
      if (r.status !== 201) throw new Error(`order: ${r.status} ${r.raw}`);
      orderOf.push(Number(r.body.data.id));
    }
    const next = rng(42);
    const editAt = new Set(Array.from({ length: EDITS }, (_, i) => Math.floor(((i + 1) * REQUESTS) / (EDITS + 1))));
    const counts: Record<Kind, number> = { browse: 0, search: 0, login: 0, order: 0, chat: 0, read: 0, edit: 0 };
    const failures: string[] = [];
    let hits = 0;
    let misses = 0;
    // why each miss: the URL's first read, its entry expired (TTL), or a write cleared the cache since
    const missCause = { first: 0, expired: 0, cleared: 0 };
    const lastFilled = new Map<string, number>();
    const version0 = app.catalogueCache.version;
    const t0 = Date.now();
    const plan = Array.from({ length: REQUESTS }, () => [next(), next(), next()] as const);
    let cursor = 0;
    const worker = async () => {
      for (let i = cursor++; i < REQUESTS; i = cursor++) {
        const [x, y, z] = plan[i]!;
        const pick = (n: number) => Math.floor(y * n);
        const kind: Kind = editAt.has(i) ? 'edit' : x < 0.78 ? 'browse' : x < 0.82 ? 'search' : x < 0.88 ? 'login' : x < 0.92 ? 'order' : x < 0.98 ? 'chat' : 'read';
        counts[kind]++;
        let res;
        switch (kind) {
          case 'browse':
          case 'search': {
            const pool = kind === 'browse' ? browse : search;
            const url = pool[pick(pool.length)]!;
            res = await api(app, 'GET', url);
            if (res.headers['x-cache'] === 'hit') hits++;
            else if (res.headers['x-cache'] === 'miss') {
              misses++;
              const v = lastFilled.get(url);
              missCause[v === undefined ? 'first' : v === app.catalogueCache.version ? 'expired' : 'cleared']++;
              lastFilled.set(url, app.catalogueCache.version);
            }
            break;
          }
          case 'login':
            res = await api(app, 'POST', '/auth/login', { body: { email: z < 0.5 ? 'cliente@example.com' : 'vip@example.com', password: 'tienda-demo' } });
            break;
          case 'order':
            res = await order(buyers[pick(buyers.length)]!);
            break;
          case 'chat': {
            const b = pick(buyers.length);
            const token = z < 0.5 ? buyers[b]!.token : staffTokens[Math.floor((z - 0.5) * 2 * staffTokens.length)]!;
            res = await api(app, 'POST', `/api/order/${orderOf[b]}/messages`, { token, body: { text: `mensaje ${i}` } });
            break;
          }
          case 'read': {
            const b = pick(buyers.length);
            res = await api(app, 'POST', `/api/order/${orderOf[b]}/messages/read`, { token: buyers[b]!.token });
            break;
          }
          case 'edit':
            res = await api(app, 'PATCH', `/api/staff/products/${cat.exact}`, { token: staffTokens[0], body: { price: 2000 + i / 100 } });
            break;
        }
        if (res.status >= 400 && failures.length < 5) failures.push(`${kind} ${res.status}: ${res.raw.slice(0, 160)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (Date.now() - t0) / 1000;
    const clears = app.catalogueCache.version - version0;
    const rate = hits / Math.max(1, hits + misses);
    console.log(`[cache] ${REQUESTS} requests, ${CONCURRENCY} clients, in ${seconds.toFixed(1)} s: ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')}`);
    console.log(`[cache] cacheable GETs: ${hits + misses}, hits ${hits}, misses ${misses} → hit rate ${(rate * 100).toFixed(1)} %`);
    console.log(`[cache] cache cleared ${clears} times (${EDITS} catalogue edits in the mix)`);
    console.log(`[cache] misses: ${missCause.first} first reads, ${missCause.expired} expired (TTL ${app.catalogueCache.ttlMs / 1000} s), ${missCause.cleared} after a clear`);
    for (const f of failures) console.log(`[cache] sample error: ${f}`);

    writeResults('cache', { requests: REQUESTS, concurrency: CONCURRENCY, counts, hits, misses, missCause, hitRate: rate, clears, seconds });
    return rate >= 0.95 && failures.length === 0 ? 0 : 1;
  } finally {
    await ctx.dispose();
  }
}

runBench(main);
