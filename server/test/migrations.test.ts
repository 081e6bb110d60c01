/** Migrations apply on an empty database, and applying them again is a no-op. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../db/migrate';
import { allTables } from '../db/seed/demo';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { openEmptyDb, TEST_DATABASE_URL } from './helpers';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`migraciones [${kind}]`, { skip: kind === 'postgres' && !TEST_DATABASE_URL ? 'TEST_DATABASE_URL no está definida' : false }, () => {
    it('dos veces sobre una base vacía: la segunda no hace nada', async () => {
      const { db, dispose } = await openEmptyDb(kind);
      try {
        await db.migrate();
        const count = async () =>
          ((await db.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
        assert.equal(await count(), journal.entries.length);
        await db.migrate();
        assert.equal(await count(), journal.entries.length);

        const tables = ((await db.db.execute(
          sql`select table_name from information_schema.tables where table_schema = 'public'`,
        )) as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
        for (const t of allTables()) assert.ok(tables.includes(getTableConfig(t).name), getTableConfig(t).name);
        const ext = (await db.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`)) as unknown as { rows: unknown[] };
        assert.equal(ext.rows.length, 1);
      } finally {
        await dispose();
      }
    });
  });
}
