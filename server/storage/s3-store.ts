/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), on the official AWS SDK v3 client. Enabled by
 * `S3_BUCKET` (README "Configuration"). The bucket stays private: the API reads every object itself and serves
 * it after its own checks (public images at /uploads/*, order documents after the order's authorization), so
 * no object needs a public ACL or a public prefix.
 *
 * Deadlines: connecting and every silence on the socket are bounded by `S3_TIMEOUT_MS`, and each call but the
 * body of a download has that deadline as a whole, so an endpoint that hangs costs a request that long and a
 * 503, never a held socket. Checksums: the SDK's automatic request checksums are off (WHEN_REQUIRED) — the
 * bytes' SHA-256 is ours, computed before the upload, kept as the object's `sha256` metadata and in the
 * `blobs` table — which also keeps the SDK from sending `aws-chunked` bodies some S3 servers cannot decode.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertBlobKey, isValidPrefix, BadKeyError, StoreUnavailableError, type ObjectInfo, type ObjectStore, type PutOptions, type StoredObject } from './object-store';

export type S3Config = {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; unset: AWS for the region */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (MinIO-style endpoints) instead of the host name */
  forcePathStyle: boolean;
  timeoutMs: number;
};

function httpStatus(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** What HEAD and GET answer of an object (the etag falls back to the sha256 we store as metadata). */
function infoOf(
  key: string,
  r: { ContentLength?: number; ContentType?: string; ETag?: string; LastModified?: Date; Metadata?: Record<string, string> },
): ObjectInfo {
  return {
    key,
    size: Number(r.ContentLength ?? 0),
    contentType: r.ContentType ?? 'application/octet-stream',
    etag: r.ETag ?? `"${r.Metadata?.sha256 ?? ''}"`,
    lastModified: r.LastModified ?? new Date(0),
    sha256: r.Metadata?.sha256,
  };
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatus(err) === 404;
}

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // one retry for a dropped connection; an endpoint that is down fails in ~2× the connect deadline
      maxAttempts: 2,
      requestHandler: { connectionTimeout: config.timeoutMs, requestTimeout: config.timeoutMs },
    });
  }

  private deadline(factor = 1): AbortSignal {
    return AbortSignal.timeout(this.config.timeoutMs * factor);
  }

  /** A failure of the store itself (network, 5xx, credentials, missing bucket): 503 for the request. */
  private unavailable(op: string, err: unknown): StoreUnavailableError {
    return new StoreUnavailableError(op, err);
  }

  async put(key: string, data: Buffer, opts: PutOptions): Promise<void> {
    assertBlobKey(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: opts.contentType,
          Metadata: { sha256: opts.sha256 },
        }),
        // a 5 MB proof over a slow link gets more than a HEAD does
        { abortSignal: this.deadline(4) },
      );
    } catch (err) {
      throw this.unavailable('put', err);
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertBlobKey(key);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }), { abortSignal: this.deadline() });
      return infoOf(key, r);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw this.unavailable('head', err);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    assertBlobKey(key);
    try {
      // no whole-call deadline: it would cut a long download; the socket's silence deadline still applies
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!r.Body) return null;
      return {
        ...infoOf(key, r),
        body: r.Body as Readable,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw this.unavailable('get', err);
    }
  }

  async remove(key: string): Promise<void> {
    assertBlobKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }), { abortSignal: this.deadline() });
    } catch (err) {
      if (isNotFound(err)) return;
      throw this.unavailable('remove', err);
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number; lastModified: Date }> {
    if (!isValidPrefix(prefix)) throw new BadKeyError(prefix);
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 1000 }),
          { abortSignal: this.deadline() },
        );
      } catch (err) {
        throw this.unavailable('list', err);
      }
      for (const o of page.Contents ?? []) {
        // a bare prefix also matches `uploads/products-old/…`: only whole segments
        if (!o.Key || (o.Key !== prefix && !prefix.endsWith('/') && !o.Key.startsWith(`${prefix}/`))) continue;
        yield { key: o.Key, size: Number(o.Size ?? 0), lastModified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async ping(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }), { abortSignal: this.deadline() });
    } catch (err) {
      throw this.unavailable('ping', err);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
