/**
 * `npm run storage:migrate`: copies `$DATA_DIR/uploads` and `$DATA_DIR/private` into the S3 bucket of the S3_*
 * variables and verifies every checksum (server/storage/migrate.ts; deploy/README.md "Files in S3").
 * Exit codes: 0 every file verified, 1 something failed (each file named, with why), 2 bad usage.
 */
import { loadEnv } from '../env';
import { openConfiguredDb } from '../db/open';
import { prepareDataDir } from '../data-dir';
import { createObjectStore } from './config';
import { migrateDataDirToStore } from './migrate';
import { exitWith } from '../cli/exit';

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log('Uso: S3_BUCKET=… S3_ENDPOINT=… npm run storage:migrate\nCopia DATA_DIR/uploads y DATA_DIR/private al bucket y verifica cada SHA-256; se puede repetir.');
    return 0;
  }
  const env = loadEnv();
  if (!env.s3) {
    console.error('Falta S3_BUCKET (y S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY según el proveedor): ¿a qué bucket copiar?');
    return 2;
  }
  prepareDataDir(env.dataDir);
  const db = await openConfiguredDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, owner: 'storage:migrate', timeouts: env.timeouts });
  const target = createObjectStore(env);
  try {
    const r = await migrateDataDirToStore({ dataDir: env.dataDir, target, db: db.db, log: (m) => console.log(m) });
    console.log(
      `${r.files} archivos en ${env.dataDir}: ${r.copied} copiados (${(r.bytes / 1024 / 1024).toFixed(1)} MB), ` +
        `${r.alreadyThere} ya estaban, ${r.verified} verificados en el bucket ${env.s3.bucket}.`,
    );
    for (const f of r.failures) console.error(`  ✗ ${f.key}: ${f.reason}`);
    if (r.failures.length) {
      console.error(`${r.failures.length} archivos sin verificar: corregí la causa y volvé a correrlo (lo ya copiado no se envía de nuevo).`);
      return 1;
    }
    console.log('Todo verificado. Ahora podés arrancar las APIs con S3_BUCKET y, después, borrar DATA_DIR/uploads y DATA_DIR/private.');
    return 0;
  } finally {
    await target.close();
    await db.close();
  }
}

exitWith(main);
