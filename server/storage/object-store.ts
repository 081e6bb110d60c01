/**
 * The one place files (objects) live: an interface with two implementations, the filesystem under
 * `$DATA_DIR` (default, server/storage/fs-store.ts) and S3-compatible object storage when `S3_BUCKET` is set
 * (server/storage/s3-store.ts). Callers never touch paths or buckets; they use keys.
 *
 * Keys mirror the historical layout of `$DATA_DIR`, so `npm run storage:migrate` copies a data folder into a
 * bucket one to one and a backup of either is the same tree:
 *   uploads/<dir>/<name>          public: product, category and carousel images (GET /uploads/*; the storefront
 *                                 makes resized copies from them in memory, app/uploads, and keeps none as files)
 *   private/orders/<id>/<uuid>.x  private: proofs, bills, other order documents (after the order's check)
 * Every segment is `[A-Za-z0-9][A-Za-z0-9_.-]*` and no segment is `..`: a key can never name something
 * outside its store. Nothing is listable from outside; only the API reads objects.
 */
import type { Readable } from 'node:stream';
import { HttpError, MESSAGES } from '../errors';

const KEY_ROOTS = ['uploads', 'private'] as const;

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;

/** A key made of safe segments under one of KEY_ROOTS (no traversal, no empty segment, ≤ 1024 bytes). */
export function isValidBlobKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) return false;
  const parts = key.split('/');
  if (parts.length < 2 || !(KEY_ROOTS as readonly string[]).includes(parts[0]!)) return false;
  return parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

/** A prefix for list/removePrefix: a valid key, or a root, optionally ending with '/'. */
export function isValidPrefix(prefix: string): boolean {
  const trimmed = prefix.replace(/\/$/, '');
  return (KEY_ROOTS as readonly string[]).includes(trimmed) || isValidBlobKey(trimmed);
}

/** The key was not one the store accepts (traversal, odd characters, unknown root). */
export class BadKeyError extends HttpError {
  constructor(readonly key: string) {
    super(400, MESSAGES.badParams);
    this.name = 'BadKeyError';
  }
}

/**
 * The store could not be reached or answered with an error (S3 down, disk full, a timeout): the request
 * answers 503 with the catalogue's message, and whatever it was writing is rolled back by the caller.
 */
export class StoreUnavailableError extends HttpError {
  constructor(
    readonly operation: string,
    cause?: unknown,
  ) {
    super(503, MESSAGES.unavailable, { cause });
    this.name = 'StoreUnavailableError';
  }
}

export function assertBlobKey(key: string): void {
  if (!isValidBlobKey(key)) throw new BadKeyError(key);
}

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** strong validator of the bytes (a hash or the store's ETag), quoted as an HTTP ETag */
  etag: string;
  lastModified: Date;
  /** SHA-256 (hex) of the bytes when the store kept it with the object */
  sha256?: string;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
}

export interface PutOptions {
  contentType: string;
  /** SHA-256 (hex) of the bytes, kept with the object (S3 user metadata; computed on read by the filesystem) */
  sha256: string;
}

export interface ObjectStore {
  /** 'fs' or 's3' (logs, /health) */
  readonly kind: 'fs' | 's3';
  /** Writes the whole object atomically: readers see the old object or the new one, never a part. */
  put(key: string, data: Buffer, opts: PutOptions): Promise<void>;
  /** null when there is no such object */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Every key under the prefix (for the migrate command, pruning and deleting an image's variants). */
  list(prefix: string): AsyncIterable<{ key: string; size: number; lastModified: Date }>;
  /** Fails with StoreUnavailableError when the store cannot be used now. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
