/**
 * Serves the public objects (key `uploads/…` of the blob storage, server/storage) at `/uploads/*`: files under
 * `$DATA_DIR/uploads` or objects of the S3 bucket, the same from every API host. File names are content-addressed
 * or random (immutable), hence the one-year cache. Only image types are served; nothing under `private/` is
 * reachable from here (the key always starts with `uploads/`, and a key is made of safe segments only). Not rate
 * limited: a catalogue page loads dozens of these and they are cheap.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { IMAGE_TYPES } from '../storage/fs-store';
import { isValidBlobKey } from '../storage/object-store';


const SAFE_PATH = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

export default fp(
  async (app) => {
    app.get(
      '/uploads/*',
      { schema: { hide: true }, config: { rateLimit: false } },
      async (req, reply) => {
        const rel = (req.params as { '*': string })['*'] ?? '';
        const type = IMAGE_TYPES[path.extname(rel).toLowerCase()];
        const key = `uploads/${rel}`;
        if (!SAFE_PATH.test(rel) || rel.includes('..') || !type || !isValidBlobKey(key)) throw HttpError.notFound();
        const info = await app.blobs.head(key);
        if (!info) throw HttpError.notFound();

        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', info.etag)
          .header('last-modified', info.lastModified.toUTCString())
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('x-content-type-options', 'nosniff');
        if (req.headers['if-none-match'] === info.etag) return reply.code(304).send();
        const file = await app.blobs.open(key);
        if (!file) throw HttpError.notFound();
        reply.type(type).header('content-length', file.size);
        return reply.send(file.body);
      },
    );
  },
  { name: 'uploads', dependencies: ['storage'] },
);
