/**
 * The HS256 signing secret: JWT_SECRET when set; otherwise a random secret generated once and kept in
 * `$DATA_DIR/jwt-secret` (mode 0600), so restarts keep sessions valid. Several processes starting at
 * once agree on one file (exclusive create; the loser reads the winner's secret).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const MIN_SECRET_BYTES = 32;

export async function loadJwtSecret(opts: { secret?: string | null; dataDir: string }): Promise<Uint8Array> {
  if (opts.secret) {
    const bytes = new TextEncoder().encode(opts.secret);
    if (bytes.length < MIN_SECRET_BYTES) throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long`);
    return bytes;
  }
  const file = path.join(opts.dataDir, 'jwt-secret');
  const read = async () => {
    const text = (await readFile(file, 'utf8')).trim();
    return text.length >= 43 ? new TextEncoder().encode(text) : null;
  };
  try {
    const existing = await read();
    if (existing) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(opts.dataDir, { recursive: true });
  const fresh = randomBytes(48).toString('base64url');
  try {
    await writeFile(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(fresh);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const other = await read();
    if (!other) throw new Error(`${file} exists but holds no usable secret`);
    return other;
  }
}
