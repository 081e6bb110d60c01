/**
 * Decorates the app with the blob storage (`app.blobs`) and the order documents on it (`app.orderFiles`).
 * The store is the caller's (server/main.ts builds it from the environment; tests pass one); closed with the app.
 */
import fp from 'fastify-plugin';
import { BlobStorage } from './blobs';
import { OrderFileStorage } from './index';
import type { ObjectStore } from './object-store';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStorage;
    orderFiles: OrderFileStorage;
  }
}

export default fp<{ store: ObjectStore }>(
  async (app, opts) => {
    const blobs = new BlobStorage(opts.store, app.db, app.log);
    app.decorate('blobs', blobs);
    app.decorate('orderFiles', new OrderFileStorage(blobs));
    app.addHook('onClose', async () => opts.store.close());
  },
  { name: 'storage', dependencies: ['db'] },
);
