/**
 * Blob storage for every file the shop keeps: the object in the ObjectStore (filesystem or S3), its metadata
 * (visibility, content type, size, SHA-256, owner, order) in PostgreSQL's `blobs` table. Routes use this,
 * never a path or a bucket.
 *
 * Nothing half-written: `save` checks the input first (key, size, content), writes the object, then its row;
 * if the row fails the object is removed again. `remove` deletes the row first, then the object and its
 * resized variants. Either way a row never points at a missing object; an object left without a row (the
 * process died between the two steps, or the store failed on the way back) is deleted by the scheduler's
 * prune job (server/scheduler/jobs.ts). A store that cannot be reached answers 503 (StoreUnavailableError).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/client';
import { blobs } from '../db/schema';
import { HttpError, MESSAGES } from '../errors';
import { assertBlobKey, type ObjectInfo, type ObjectStore, type StoredObject } from './object-store';

export type Visibility = 'public' | 'private';

/** Largest object the shop stores (the upload limit of spec §8: 10 MB). */
const MAX_BLOB_BYTES = 10 * 1024 * 1024;

export type SaveInput = {
  key: string;
  data: Buffer;
  /** must be what the bytes are (sniffed again here): a PNG is never stored as a PDF */
  contentType: string;
  visibility: Visibility;
  ownerId?: number | null;
  orderId?: number | null;
  /** default MAX_BLOB_BYTES */
  maxBytes?: number;
};

export type BlobMeta = { key: string; visibility: Visibility; contentType: string; size: number; sha256: string };

/** Where each visibility may live: public objects under uploads/, private ones under private/. */
function rootAllowed(key: string, visibility: Visibility): boolean {
  const root = key.slice(0, key.indexOf('/'));
  return visibility === 'private' ? root === 'private' : root === 'uploads';
}

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export class BlobStorage {
  constructor(
    readonly store: ObjectStore,
    private readonly db: Db,
    private readonly log: { warn(obj: object, msg: string): void } = { warn: () => {} },
  ) {}

  /** Checks, writes the object, then its metadata row; on a row failure the object is removed again. */
  async save(input: SaveInput): Promise<BlobMeta> {
    assertBlobKey(input.key);
    if (!rootAllowed(input.key, input.visibility)) throw HttpError.badRequest();
    const max = input.maxBytes ?? MAX_BLOB_BYTES;
    if (input.data.length === 0) throw HttpError.badRequest(MESSAGES.noFile);
    if (input.data.length > max) throw new HttpError(413, `${MESSAGES.fileTooLarge} ${Math.round(max / 1024 / 1024)} MB`);
    const sniffed = (await fileTypeFromBuffer(input.data))?.mime;
    if (sniffed !== input.contentType) throw HttpError.badRequest();

    const meta: BlobMeta = { key: input.key, visibility: input.visibility, contentType: input.contentType, size: input.data.length, sha256: sha256Hex(input.data) };
    await this.store.put(input.key, input.data, { contentType: meta.contentType, sha256: meta.sha256 });
    try {
      await this.upsertRow({ ...meta, ownerId: input.ownerId ?? null, orderId: input.orderId ?? null });
    } catch (err) {
      await this.store.remove(input.key).catch((e: unknown) => this.log.warn({ err: e, key: input.key }, 'objeto sin fila: lo borrará la poda'));
      throw err;
    }
    return meta;
  }

  /** The metadata row for an object already in the store (migration, seeding); a re-run updates it. */
  async upsertRow(row: BlobMeta & { ownerId?: number | null; orderId?: number | null }): Promise<void> {
    await this.db
      .insert(blobs)
      .values({ key: row.key, visibility: row.visibility, contentType: row.contentType, size: row.size, sha256: row.sha256, ownerId: row.ownerId ?? null, orderId: row.orderId ?? null })
      .onConflictDoUpdate({
        target: blobs.key,
        set: { visibility: row.visibility, contentType: row.contentType, size: row.size, sha256: row.sha256 },
      });
  }

  async metadata(key: string): Promise<(BlobMeta & { ownerId: number | null; orderId: number | null }) | null> {
    const [row] = await this.db.select().from(blobs).where(eq(blobs.key, key)).limit(1);
    return row ? { key: row.key, visibility: row.visibility, contentType: row.contentType, size: row.size, sha256: row.sha256, ownerId: row.ownerId, orderId: row.orderId } : null;
  }

  /** Keys of every public object's metadata row. */
  async publicKeys(): Promise<Set<string>> {
    const rows = await this.db.select({ key: blobs.key }).from(blobs).where(eq(blobs.visibility, 'public'));
    return new Set(rows.map((r) => r.key));
  }

  open(key: string): Promise<StoredObject | null> {
    return this.store.get(key);
  }

  head(key: string): Promise<ObjectInfo | null> {
    return this.store.head(key);
  }

  /**
   * Row first, then the object. A store failure after the row is gone is logged and left to the prune job
   * (no referencing row points at the object any more, so nothing links to it).
   */
  async remove(key: string): Promise<void> {
    assertBlobKey(key);
    await this.db.delete(blobs).where(eq(blobs.key, key));
    try {
      await this.store.remove(key);
    } catch (err) {
      this.log.warn({ err, key }, 'no se pudo borrar el objeto ahora: lo borrará la poda');
    }
  }
}

/** Where seeded images go (server/db/seed/images.ts): `has` a complete image, `save` a rendered WebP. */
export interface ImageSink {
  has(key: string): Promise<boolean>;
  save(key: string, data: Buffer): Promise<void>;
}

/** Seeding through the blob storage: objects and their metadata rows (a row without its object is rewritten). */
export function blobImageSink(blobs: BlobStorage): ImageSink {
  // the rows of public objects, read once: a seed asks about a few hundred keys
  let rows: Promise<Set<string>> | undefined;
  return {
    has: async (key) => {
      rows ??= blobs.publicKeys();
      return (await rows).has(key) && Boolean(await blobs.head(key));
    },
    save: async (key, data) => {
      await blobs.save({ key, data, contentType: 'image/webp', visibility: 'public' });
    },
  };
}

/** Objects only, no database (the test harness renders its shared images once per process, before any database). */
export function storeImageSink(store: ObjectStore): ImageSink {
  return {
    has: async (key) => Boolean(await store.head(key)),
    save: (key, data) => store.put(key, data, { contentType: 'image/webp', sha256: sha256Hex(data) }),
  };
}
