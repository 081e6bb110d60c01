/**
 * DATA_DIR holds the database, secrets, private order files and outbox mails with live links: it is for
 * this user only. Every process that writes there (the API, the seed and staff CLIs, scripts/start.mjs)
 * runs with umask 077, so nothing it creates is readable by other local users, and creates the folder
 * 0700. A folder left open by an older version is reported at start (not changed behind the owner's back).
 */
import { mkdirSync, statSync } from 'node:fs';

export function prepareDataDir(dir: string, warn: (msg: string) => void = (m) => console.warn(m)): void {
  process.umask(0o077);
  let mode: number;
  try {
    mode = statSync(dir).mode;
  } catch {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return;
  }
  if (mode & 0o077) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    warn(
      `ATENCIÓN: la carpeta de datos ${dir} está abierta a otros usuarios de esta máquina (permisos ${octal}); ` +
        `contiene la base, los secretos y los mails con enlaces. Cerrala con: chmod -R go-rwx ${dir}`,
    );
  }
}
