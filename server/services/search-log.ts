/**
 * What shoppers search (issue 28): the normalized query only — no user, no address, no time of day —
 * counted per day with its latest number of results, so staff see the top searches and the ones that
 * found nothing. Counts are buffered in memory and written in one upsert every few seconds, so a search
 * never waits for a write (several API instances add up in the same rows).
 */
import { sql } from 'drizzle-orm';
import { shopDay } from '../../lib/time';
import type { SearchReportRow } from '../../lib/contracts/staff-search';
import type { Db } from '../db/client';

const MAX_PENDING = 5_000;

export class SearchLog {
  private pending = new Map<string, { day: string; query: string; searches: number; results: number }>();
  /** results of recent queries, for requests answered from the catalogue cache */
  private lastResults = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /** A search answered with `results` products (undefined: answered from the cache, the last count applies). */
  record(query: string, results?: number): void {
    if (!query) return;
    if (results !== undefined) {
      this.lastResults.delete(query);
      this.lastResults.set(query, results);
      if (this.lastResults.size > MAX_PENDING) this.lastResults.delete(this.lastResults.keys().next().value!);
    }
    const known = results ?? this.lastResults.get(query);
    if (known === undefined) return;
    const day = shopDay(new Date());
    const key = `${day}|${query}`;
    const row = this.pending.get(key);
    if (row) {
      row.searches++;
      row.results = known;
    } else if (this.pending.size < MAX_PENDING) {
      this.pending.set(key, { day, query, searches: 1, results: known });
    }
  }

  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    const values = sql.join(
      rows.map((r) => sql`(${r.day}::date, ${r.query}, ${r.searches}, ${r.results})`),
      sql`, `,
    );
    await this.db.execute(sql`insert into search_queries (day, query, searches, results) values ${values}
      on conflict (day, query) do update set searches = search_queries.searches + excluded.searches, results = excluded.results`);
  }
}

/** Top searches and top searches without results over the last `days` days (results: the latest count). */
export async function searchReport(db: Db, days: number, limit = 20): Promise<{ top: SearchReportRow[]; noResults: SearchReportRow[] }> {
  const since = shopDay(new Date(Date.now() - (days - 1) * 86_400_000));
  const base = sql`select query, sum(searches)::int as searches, (array_agg(results order by day desc))[1] as results
    from search_queries where day >= ${since}::date group by query`;
  const run = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: SearchReportRow[] }).rows;
  const [top, noResults] = await Promise.all([
    run(sql`${base} order by searches desc, query limit ${limit}`),
    run(sql`select * from (${base}) s where results = 0 order by searches desc, query limit ${limit}`),
  ]);
  return { top, noResults };
}
