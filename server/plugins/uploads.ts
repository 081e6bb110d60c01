/**
 * Serves `$DATA_DIR/uploads/*` at `/uploads/*`. File names are content-addressed (immutable), hence the
 * one-year cache. Only image types are served; paths are confined to the uploads directory. Not rate
 * limited: a catalogue page loads dozens of these and they are cheap.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

const SAFE_PATH = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

export default fp<{ dataDir: string }>(
  async (app, opts) => {
    const root = path.resolve(opts.dataDir, 'uploads');
    app.get(
      '/uploads/*',
      { schema: { hide: true }, config: { rateLimit: false } },
      async (req, reply) => {
        const rel = (req.params as { '*': string })['*'] ?? '';
        const type = TYPES[path.extname(rel).toLowerCase()];
        if (!SAFE_PATH.test(rel) || rel.includes('..') || !type) throw HttpError.notFound();
        const file = path.resolve(root, rel);
        if (!file.startsWith(root + path.sep)) throw HttpError.notFound();
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) throw HttpError.notFound();

        const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', etag)
          .header('last-modified', info.mtime.toUTCString())
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('x-content-type-options', 'nosniff');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        reply.type(type).header('content-length', info.size);
        return reply.send(createReadStream(file));
      },
    );
  },
  { name: 'uploads' },
);
