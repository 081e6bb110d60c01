/**
 * Copies the files of a `$DATA_DIR` (uploads/ and private/) into the S3 bucket and verifies each copy: the
 * object read back from the bucket must have the SHA-256 of the file. Writes each object's metadata row
 * (blobs). Safe to run again and again: an object already in the bucket with the file's checksum is not sent
 * again (only verified), one that differs is replaced. Local files are never deleted: once it reports every
 * file verified, switch the API to S3_BUCKET and remove `$DATA_DIR/uploads` and `$DATA_DIR/private` yourself.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { BlobStorage, sha256Hex, type Visibility } from './blobs';
import { contentTypeOfKey, FsObjectStore } from './fs-store';
import { isValidBlobKey, type ObjectStore } from './object-store';

export type MigrationReport = {
  /** files found under uploads/ and private/ */
  files: number;
  /** sent to the bucket (new or different) */
  copied: number;
  /** already in the bucket with the same checksum */
  alreadyThere: number;
  /** read back from the bucket with the right checksum (every file, copied or not) */
  verified: number;
  bytes: number;
  /** what failed, with the reason (a name the store refuses, a checksum that does not match, an error) */
  failures: { key: string; reason: string }[];
};

async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of stream) h.update(chunk as Buffer);
  return h.digest('hex');
}

const ORDER_KEY = /^private\/orders\/([1-9][0-9]{0,9})\//;

export async function migrateDataDirToStore(opts: {
  dataDir: string;
  target: ObjectStore;
  db: Db;
  log?: (msg: string) => void;
}): Promise<MigrationReport> {
  const log = opts.log ?? (() => {});
  const source = new FsObjectStore(opts.dataDir);
  const blobs = new BlobStorage(opts.target, opts.db);
  const report: MigrationReport = { files: 0, copied: 0, alreadyThere: 0, verified: 0, bytes: 0, failures: [] };
  await opts.target.ping();

  for (const root of ['uploads', 'private'] as const) {
    const visibility: Visibility = root === 'uploads' ? 'public' : 'private';
    const entries: { key: string }[] = [];
    for await (const e of source.list(root)) entries.push(e);
    // the orders that exist (a document of a deleted order keeps no link to it)
    const orderIds = [...new Set(entries.map((e) => Number(ORDER_KEY.exec(e.key)?.[1] ?? 0)).filter(Boolean))];
    const existing = new Set(
      orderIds.length ? (await opts.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, orderIds))).map((r) => r.id) : [],
    );
    for (const { key } of entries) {
      report.files++;
      if (!isValidBlobKey(key)) {
        report.failures.push({ key, reason: 'nombre no válido para el almacén (se omitió)' });
        continue;
      }
      try {
        const data = await readFile(source.fileOf(key));
        const sha256 = sha256Hex(data);
        const contentType = contentTypeOfKey(key);
        const there = await opts.target.head(key);
        if (there && there.size === data.length && there.sha256 === sha256) report.alreadyThere++;
        else {
          await opts.target.put(key, data, { contentType, sha256 });
          report.copied++;
          report.bytes += data.length;
        }
        const back = await opts.target.get(key);
        const backSha = back ? await sha256Of(back.body) : null;
        if (backSha !== sha256) {
          report.failures.push({ key, reason: back ? `la copia no coincide (SHA-256 ${backSha} ≠ ${sha256})` : 'la copia no aparece en el almacén' });
          continue;
        }
        report.verified++;
        const orderId = Number(ORDER_KEY.exec(key)?.[1] ?? 0);
        await blobs.upsertRow({ key, visibility, contentType, size: data.length, sha256, orderId: existing.has(orderId) ? orderId : null });
        if (report.verified % 100 === 0) log(`${report.verified} archivos verificados…`);
      } catch (err) {
        report.failures.push({ key, reason: (err as Error).message });
      }
    }
  }
  return report;
}
