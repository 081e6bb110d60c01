/**
 * An S3-compatible server inside this process (s3rver, a devDependency), for tests, benches and the local
 * multi-host topology (deploy/local/topology.ts). Objects live in a folder of its own; the credentials are
 * s3rver's fixed S3RVER / S3RVER. Production points S3_* at a real endpoint (AWS S3, MinIO…) instead.
 *
 * s3rver does not decode `aws-chunked` request bodies, which newer AWS SDK v3 versions send for streams of
 * unknown length: server/storage/s3-store.ts uploads Buffers (known length) with request checksums off
 * (requestChecksumCalculation: 'WHEN_REQUIRED'), which is what makes the two agree.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

export type LocalS3 = {
  endpoint: string;
  port: number;
  bucket: string;
  /** the S3_* variables of an API that uses it */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startLocalS3(opts: { directory: string; bucket?: string; port?: number; address?: string }): Promise<LocalS3> {
  const bucket = opts.bucket ?? 'tienda';
  mkdirSync(opts.directory, { recursive: true });
  const server = new S3rver({
    port: opts.port ?? 0,
    address: opts.address ?? '127.0.0.1',
    silent: true,
    directory: opts.directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}
