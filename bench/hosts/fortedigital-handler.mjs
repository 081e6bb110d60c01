// The reference Bench/hosts measures lib/cache/redis-cache-handler.mjs against: @fortedigital/nextjs-cache-handler
// (a devDependency) as its README's production example sets it up, with node-redis and its redis-strings handler.
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { createClient } from 'redis';

CacheHandler.onCreation(async () => {
  if (globalThis.forteCacheConfig) return globalThis.forteCacheConfig;
  globalThis.forteCacheConfig = (async () => {
    const client = createClient({ url: process.env.REDIS_URL });
    client.on('error', () => {});
    await client.connect();
    return { handlers: [createRedisHandler({ client, keyPrefix: 'forte:', timeoutMs: 1000 })] };
  })();
  return globalThis.forteCacheConfig;
});

export default CacheHandler;
