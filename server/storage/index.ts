/**
 * Private file storage for order documents (proofs of transfer, bills, other PDFs), on the local disk:
 *
 *   $DATA_DIR/private/orders/<orderId>/<random uuid>.<ext>
 *
 * Deliberately OUTSIDE `$DATA_DIR/uploads/`, which the public /uploads/* route serves to anyone (see
 * plugins/uploads.ts): these files are only streamed by the order routes after checking that the caller
 * owns the order or is staff. Names are generated (never the client's file name), and a key is accepted
 * only if it matches the generated pattern, so a stored key can never point outside the root.
 * An S3-compatible driver is out of scope: the interface (save / open / remove by key) is what one
 * would implement.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const FILE_EXTENSIONS = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type StoredMime = keyof typeof FILE_EXTENSIONS;

const KEY = /^orders\/([1-9][0-9]{0,9})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|png|webp)$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key);
}

/** The sniffed type of a stored file: its key's extension was chosen from the content at upload. */
export function mimeOfKey(key: string): StoredMime | null {
  const ext = KEY.exec(key)?.[2];
  const found = Object.entries(FILE_EXTENSIONS).find(([, e]) => e === ext);
  return found ? (found[0] as StoredMime) : null;
}

/** Extensions a saved file of each type may keep as the uploader wrote them (else the canonical one). */
const KEEPS: Record<StoredMime, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};

/**
 * The name a document is downloaded / saved under: the uploader's base name with the extension of the
 * type sniffed from its content, never the uploader's (a PNG with HTML appended, uploaded as `poly.html`,
 * is saved as `poly.png`, so a browser never opens it as a page from disk).
 */
export function downloadFileName(name: string, mime: StoredMime): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (KEEPS[mime].includes(ext)) return `${base}.${ext}`;
  return `${base.replace(/\.+$/, '') || 'documento'}.${FILE_EXTENSIONS[mime]}`;
}

/** A stored document's download name; rows saved before names were corrected get it here too. */
export function documentFileName(docId: number, key: string, stored: string | undefined): string {
  const name = stored ?? `documento-${docId}`;
  const mime = mimeOfKey(key);
  return mime ? downloadFileName(name, mime) : name;
}

export class OrderFileStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'private');
  }

  /** Absolute path of a key, or null for anything that is not a generated key. */
  resolve(key: string): string | null {
    if (!isValidKey(key)) return null;
    const file = path.resolve(this.root, key);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  /** Writes the bytes under a new generated name (atomically: temp file, then rename); returns the key. */
  async save(orderId: number, data: Buffer, mime: StoredMime): Promise<string> {
    if (!Number.isSafeInteger(orderId) || orderId < 1) throw new RangeError(`bad order id ${orderId}`);
    const key = `orders/${orderId}/${randomUUID()}.${FILE_EXTENSIONS[mime]}`;
    const file = this.resolve(key)!;
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, data, { mode: 0o600, flag: 'wx' });
    await rename(tmp, file);
    return key;
  }

  async open(key: string): Promise<{ stream: ReadStream; size: number } | null> {
    const file = this.resolve(key);
    if (!file) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  }

  async remove(key: string): Promise<void> {
    const file = this.resolve(key);
    if (file) await rm(file, { force: true });
  }
}
