/** The object store the environment asks for: S3 when S3_BUCKET is set (server/env.ts), else files under DATA_DIR. */
import type { ApiEnv } from '../env';
import { FsObjectStore } from './fs-store';
import type { ObjectStore } from './object-store';
import { S3ObjectStore } from './s3-store';

export function createObjectStore(env: Pick<ApiEnv, 'dataDir' | 's3'> & { timeouts: Pick<ApiEnv['timeouts'], 's3Ms'> }): ObjectStore {
  if (env.s3) return new S3ObjectStore({ ...env.s3, timeoutMs: env.timeouts.s3Ms });
  return new FsObjectStore(env.dataDir);
}
