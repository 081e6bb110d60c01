/**
 * `npm run seed -- [options]`: loads demo data into the configured database (DATABASE_URL, or PGlite in
 * $DATA_DIR/pglite). See HELP below; it is also printed by `--help`.
 */
import { parseArgs } from 'node:util';
import { prepareDataDir } from '../../data-dir';
import { loadEnv } from '../../env';
import { openConfiguredDb } from '../open';
import { isDatabaseEmpty, resetDatabase, seedDemo, seedSynthetic } from './index';
import { renderSharedImages } from './images';
import { withSeedLock } from './lock';
import { BlobStorage, blobImageSink } from '../../storage/blobs';
import { createObjectStore } from '../../storage/config';
import { exitWith } from '../../cli/exit';

const HELP = `Uso: npm run seed -- [opciones]

  (sin opciones)     Carga el catálogo de demostración (productos, imágenes, cuentas demo, transportes,
                     configuración) en una base VACÍA. Si la base ya tiene datos no modifica nada y
                     termina con código 1: usá --reset para volver a empezar.
  --reset            Vacía TODAS las tablas (también usuarios y pedidos) y vuelve a cargar la demo,
                     en una sola transacción.
  --products N       Agrega N productos sintéticos (catálogo grande para benchmarks; reutiliza las
                     imágenes existentes). Si la base está vacía carga antes la demo. Se puede repetir.
  --no-images        No genera una imagen por producto: usa un juego chico de imágenes compartidas.
  --help             Muestra esta ayuda.

Base de datos: DATABASE_URL=postgres://… o, si no está definida, PGlite en $DATA_DIR/pglite
(DATA_DIR por defecto ./.data). Con PGlite la API debe estar detenida (un solo proceso por directorio).
La API (npm start) carga la demo sola en una base vacía sólo con PGlite fuera de producción, o con
SEED_DEMO=true. Para una tienda real, la primera cuenta del personal: npm run staff:create -- --help.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      products: { type: 'string' },
      'no-images': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const count = values.products === undefined ? 0 : Number(values.products);
  if (!Number.isInteger(count) || count < 0 || count > 1_000_000) {
    console.error('--products necesita un entero entre 0 y 1000000');
    return 2;
  }

  const env = loadEnv();
  prepareDataDir(env.dataDir);
  // A batch job: the request deadlines (DB_STATEMENT_TIMEOUT_MS…) would cut its bulk inserts; the connect deadline stays.
  const hour = 3_600_000;
  const timeouts = { dbConnectMs: env.timeouts.dbConnectMs, dbStatementMs: hour, dbQueryMs: hour, dbIdleInTransactionMs: hour };
  const db = await openConfiguredDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, owner: 'seed', timeouts });
  const log = (msg: string) => console.log(msg);
  // images go through the blob storage (S3 when S3_BUCKET is set), with their metadata rows
  const store = createObjectStore(env);
  const sink = blobImageSink(new BlobStorage(store, db.db));
  try {
    const images = values['no-images']
      ? ({ mode: 'shared', ...(await renderSharedImages(sink)) } as const)
      : ({ mode: 'generate', sink } as const);
    // the same lock as an API's start: an API starting meanwhile does not seed too
    return await withSeedLock(env.databaseUrl, async () => {
      const empty = await isDatabaseEmpty(db.db);
      if (values.reset) {
        log('vaciando todas las tablas…');
        await resetDatabase(db.db);
        await seedDemo(db.db, { images, log });
      } else if (empty) {
        await seedDemo(db.db, { images, log });
      } else if (!count) {
        console.error('La base ya tiene datos: no se cargó nada. Usá --reset para vaciarla y cargar la demo de nuevo.');
        return 1;
      }
      if (count) await seedSynthetic(db.db, { count, log });
      return 0;
    });
  } finally {
    await store.close();
    await db.close();
  }
}

exitWith(main);
