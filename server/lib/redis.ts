/**
 * The API's Redis clients (socket.io adapter, catalogue-cache invalidation), built in one place with the
 * deadlines of server/env.ts (issue 29). Redis is an optimisation here, never a dependency of a request:
 * - connect and reconnect are bounded (`connectTimeout`, a capped back-off), the start does not wait for
 *   a Redis that does not answer (`connectBounded`);
 * - commands fail at once while disconnected (`disableOfflineQueue`), the queue of unanswered commands is
 *   bounded (`commandsQueueMaxLength`: past it a command fails at once, so memory stays flat while Redis
 *   hangs), and a command waits at most `commandOptions.timeout` to be written. node-redis has no deadline
 *   on the reply of a command already written (it would desynchronise the connection), so a caller that
 *   waits for one waits through `within(…, REDIS_COMMAND_TIMEOUT_MS)`: a hung Redis costs it that, no more;
 * - failures are logged once per outage (`OutageLog`), not once per command or ping.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createClient, type RedisClientType } from 'redis';
import type { Timeouts } from '../env';

export type RedisTimeouts = Pick<Timeouts, 'redisConnectMs' | 'redisCommandMs'>;
export type Redis = RedisClientType;

/** Reconnect back-off cap: a Redis that comes back is used again within this (plus the connect). */
const REDIS_RECONNECT_MAX_MS = 2_000;
/** Unanswered commands kept per client while Redis hangs; more fail at once ("The queue is full"). */
const REDIS_QUEUE_MAX = 1_000;

/** Logs the first failure of an outage and the recovery, and stays quiet in between. */
export class OutageLog {
  private down = false;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly what: string,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  fail(err: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.warn({ err }, `${this.what}: Redis no responde; se sigue sin Redis hasta que vuelva`);
  }

  ok(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info(`${this.what}: Redis responde otra vez`);
  }
}

export function createRedis(url: string, t: RedisTimeouts, outage: OutageLog): Redis {
  const client: Redis = createClient({
    url,
    socket: {
      connectTimeout: t.redisConnectMs,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, REDIS_RECONNECT_MAX_MS),
    },
    disableOfflineQueue: true,
    commandsQueueMaxLength: REDIS_QUEUE_MAX,
    commandOptions: { timeout: t.redisCommandMs },
    // a PING now and then: a hung Redis is noticed (and logged) even when nothing else is sent
    pingInterval: Math.max(1_000, t.redisCommandMs * 2),
  });
  client.on('error', (err: unknown) => outage.fail(err));
  client.on('ready', () => outage.ok());
  return client;
}

/** true when `p` settles successfully within `ms`; false when it fails or is late (it is not cancelled). */
export async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Connects the clients, but waits at most the connect deadline: a Redis that accepts the connection and
 * never answers (or is down) must not keep the API from starting. The clients keep connecting by themselves.
 */
export async function connectBounded(clients: Redis[], t: RedisTimeouts, outage: OutageLog): Promise<void> {
  const connecting = Promise.all(clients.map((c) => c.connect()));
  connecting.catch((err: unknown) => outage.fail(err));
  if (!(await within(connecting, t.redisConnectMs))) outage.fail(new Error(`sin conexión a Redis tras ${t.redisConnectMs} ms`));
}

/**
 * A view of `client` whose promise-returning methods never leave an unhandled rejection: the socket.io
 * adapter calls `publish` and `subscribe` without awaiting them, and with command deadlines a hung Redis
 * makes them reject — which would end the process. Callers that await still see the error.
 */
export function withHandledRejections<T extends object>(client: T, outage: OutageLog): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) result.catch((err: unknown) => outage.fail(err));
        return result;
      };
    },
  });
}

/** Closes the clients without waiting for a hung Redis longer than the command deadline. */
export async function closeRedis(clients: Redis[], t: RedisTimeouts): Promise<void> {
  await Promise.allSettled(
    clients.map(async (c) => {
      if (!c.isOpen) return;
      if (!(await within(c.quit(), t.redisCommandMs)) && c.isOpen) c.destroy();
    }),
  );
}
