/** Opens the configured database (DATABASE_URL or PGlite in DATA_DIR, locked), migrated and ready. */
import { openDb, pgliteDirFor, type DbHandle, type DbTimeouts } from './client';
import { lockDataDir } from './lock';

export async function openConfiguredDb(cfg: { databaseUrl?: string; dataDir: string; owner: string; timeouts?: Partial<DbTimeouts> }): Promise<DbHandle> {
  if (cfg.databaseUrl) {
    const handle = await openDb({ databaseUrl: cfg.databaseUrl, timeouts: cfg.timeouts });
    await handle.migrate();
    return handle;
  }
  const dir = pgliteDirFor(cfg.dataDir);
  const release = lockDataDir(dir, cfg.owner);
  try {
    const handle = await openDb({ pgliteDir: dir });
    await handle.migrate();
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
