/**
 * `npm run backup -- --out <dir>` and `npm run restore -- <dir> [--force]` (README "Backups").
 * Exit codes: 0 done, 1 refused or failed (message says why, naming the file), 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { backup, BackupError, restore } from './backup';

const HELP = `Uso:
  npm run backup -- --out <carpeta>      Respaldo consistente de la base y de todos los archivos de DATA_DIR
                                         (con la tienda funcionando). <carpeta> no debe existir o estar vacía.
  npm run restore -- <carpeta> [--force] Verifica las sumas SHA-256 y restaura en una instalación VACÍA
                                         (la API detenida). Con --force reemplaza una que tenga datos.

Base: DATABASE_URL=postgres://… (pg_dump / pg_restore) o PGlite en $DATA_DIR/pglite.`;

async function main(): Promise<number> {
  const command = process.argv[2];
  const { values, positionals } = parseArgs({
    args: process.argv.slice(3),
    options: {
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(HELP);
    return values.help ? 0 : 2;
  }
  const env = loadEnv();
  const log = (msg: string) => console.log(msg);
  try {
    if (command === 'backup') {
      if (!values.out || positionals.length) {
        console.error('Falta --out <carpeta>\n\n' + HELP);
        return 2;
      }
      const m = await backup({ dataDir: env.dataDir, databaseUrl: env.databaseUrl, out: values.out, log });
      const orders = m.database.counts.orders ?? 0;
      console.log(
        `Respaldo listo en ${values.out}: ${orders} pedidos, ${m.totals.files} archivos, ` +
          `${(m.totals.bytes / 1e6).toFixed(1)} MB, ${m.seconds.toFixed(1)} s` +
          (m.database.lockedMs !== undefined ? ` (la base esperó ${m.database.lockedMs} ms)` : ''),
      );
      return 0;
    }
    if (positionals.length !== 1) {
      console.error('Indicá la carpeta del respaldo\n\n' + HELP);
      return 2;
    }
    const started = Date.now();
    const m = await restore({ dir: positionals[0]!, dataDir: env.dataDir, databaseUrl: env.databaseUrl, force: values.force, log });
    console.log(
      `Restaurado el respaldo del ${m.createdAt}: ${m.database.counts.orders ?? 0} pedidos, ${m.totals.files} archivos, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      console.error(`${command === 'backup' ? 'Respaldo rechazado' : 'Restauración rechazada'}: ${err.message}${err.file ? ` [archivo: ${err.file}]` : ''}`);
      return 1;
    }
    throw err;
  }
}

process.exitCode = await main();
