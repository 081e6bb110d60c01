/**
 * Order documents (proofs of transfer, bills, other PDFs) in the blob storage (server/storage/blobs.ts), as
 * private objects:
 *
 *   private/orders/<orderId>/<random uuid>.<ext>      (order_documents.file_url keeps `orders/<orderId>/…`)
 *
 * Never under `uploads/`, which GET /uploads/* serves to anyone: these are only streamed by the order routes
 * after checking that the caller owns the order or is staff. Names are generated (never the client's file
 * name), and a key is accepted only if it matches the generated pattern, so a stored key can never point
 * anywhere else.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { BlobStorage } from './blobs';

const FILE_EXTENSIONS = {
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

/** The blob key of an order document's key (`orders/…` → `private/orders/…`). */
const blobKey = (key: string) => `private/${key}`;

export class OrderFileStorage {
  constructor(private readonly blobs: BlobStorage) {}

  /** Stores the bytes under a new generated name (object, then its metadata row); returns the key. */
  async save(orderId: number, data: Buffer, mime: StoredMime, ownerId: number | null = null): Promise<string> {
    if (!Number.isSafeInteger(orderId) || orderId < 1) throw new RangeError(`bad order id ${orderId}`);
    const key = `orders/${orderId}/${randomUUID()}.${FILE_EXTENSIONS[mime]}`;
    await this.blobs.save({ key: blobKey(key), data, contentType: mime, visibility: 'private', ownerId, orderId });
    return key;
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    if (!isValidKey(key)) return null;
    const file = await this.blobs.open(blobKey(key));
    return file ? { stream: file.body, size: file.size } : null;
  }

  async remove(key: string): Promise<void> {
    if (isValidKey(key)) await this.blobs.remove(blobKey(key));
  }
}
