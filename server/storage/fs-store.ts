/**
 * Objects as files under `$DATA_DIR` (the embedded default): key `uploads/products/a.webp` is the file
 * `$DATA_DIR/uploads/products/a.webp`. Writes go to a temporary name and are renamed into place, so a
 * reader never sees half a file; files are 0600 in 0700 folders. A second API host cannot read these
 * unless `$DATA_DIR` is a shared volume: that is what S3_BUCKET is for (deploy/README.md).
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, isValidPrefix, BadKeyError, StoreUnavailableError, type ObjectInfo, type ObjectStore, type StoredObject } from './object-store';

/** The image types of stored objects by extension: the only ones /uploads/* serves (plugins/uploads.ts). */
export const IMAGE_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

const TYPES: Record<string, string> = { ...IMAGE_TYPES, '.pdf': 'application/pdf' };

export function contentTypeOfKey(key: string): string {
  return TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const TMP = /\.[0-9]+\.[0-9a-z]+\.tmp$/;

/** Errors of a disk that cannot take or give the file now (full, read-only, gone): 503, not a 500. */
const UNAVAILABLE = new Set(['ENOTDIR', 'ENOSPC', 'EROFS', 'EIO', 'EACCES', 'EPERM', 'EDQUOT', 'ENOTCONN', 'ESTALE', 'EMFILE', 'ENFILE']);

function failure(op: string, err: unknown): Error {
  const code = (err as { code?: string }).code;
  return code && UNAVAILABLE.has(code) ? new StoreUnavailableError(op, err) : (err as Error);
}

export class FsObjectStore implements ObjectStore {
  readonly kind = 'fs' as const;
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir);
  }

  /** The file of a key (the key is checked first: it cannot leave the root). */
  fileOf(key: string): string {
    assertBlobKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new BadKeyError(key);
    return file;
  }

  // the filesystem keeps no metadata: the type comes from the key's extension, the checksum from `blobs`
  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileOf(key);
    const tmp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(tmp, data, { mode: 0o600, flag: 'wx' });
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => {});
      throw failure('put', err);
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.fileOf(key);
    const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
      throw failure('head', err);
    });
    if (!info?.isFile()) return null;
    return {
      key,
      size: info.size,
      contentType: contentTypeOfKey(key),
      // names are immutable in practice (content-addressed or random); size + mtime tell a rewrite apart
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
    };
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.head(key);
    if (!info) return null;
    return { ...info, body: createReadStream(this.fileOf(key)) };
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true }).catch((err) => {
      throw failure('remove', err);
    });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number; lastModified: Date }> {
    if (!isValidPrefix(prefix)) throw new BadKeyError(prefix);
    const base = prefix.replace(/\/$/, '');
    const start = path.resolve(this.root, ...base.split('/'));
    const walk = async function* (dir: string, rel: string): AsyncIterable<{ key: string; size: number; lastModified: Date }> {
      const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [];
        throw failure('list', err);
      });
      for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const key = `${rel}/${e.name}`;
        if (e.isDirectory()) yield* walk(path.join(dir, e.name), key);
        else if (e.isFile() && !TMP.test(e.name)) {
          const info = await stat(path.join(dir, e.name)).catch(() => null);
          if (info) yield { key, size: info.size, lastModified: info.mtime };
        }
      }
    };
    // a prefix that is itself a file (one object)
    const single = await stat(start).catch(() => null);
    if (single?.isFile()) {
      yield { key: base, size: single.size, lastModified: single.mtime };
      return;
    }
    yield* walk(start, base);
  }

  async ping(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw new StoreUnavailableError('ping', err);
    }
  }

  async close(): Promise<void> {}
}
