import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` diffs server/db/schema.ts against the last snapshot and writes SQL into
// server/db/migrations (committed; applied at API start by server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
