/**
 * One scheduler for the periodic jobs, however many API hosts run (issue 21). Every API process starts a
 * runner; on PostgreSQL only the one holding the scheduler's advisory lock (a session lock on a connection of
 * its own) runs jobs, the others retry taking the lock each poll and take over within a poll of the holder
 * dying (its connection closes, PostgreSQL releases the lock). Each run also claims its tick in
 * `scheduled_jobs` (an UPDATE that only succeeds while the stored tick is older), so even a runner that took
 * over mid-tick, or two that both believe they hold the lock across a network split, run a job once per tick.
 * With PGlite there is one process: it simply runs the jobs.
 *
 * Jobs are registered with `registerJob` (server/scheduler/registry.ts) before the API starts; the built-in
 * ones are in server/scheduler/jobs.ts.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';

/** `tick` is the claimed turn (Math.floor(now / everyMs) when it was claimed): a job that records or keys work
 * per run uses it, not the clock when it happens to get there, which may already be the next turn. */
type JobContext = { db: Db; log: SchedulerLog; signal: AbortSignal; tick: number };
export type Job = {
  /** unique, stable: the row in scheduled_jobs */
  name: string;
  /** one run per this many ms (ticks are aligned to the epoch, the same on every host) */
  everyMs: number;
  run(ctx: JobContext): Promise<void>;
};
export type SchedulerLog = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/** Arbitrary constant; the migrations and the seed use 7_215_001 and 7_215_002. */
const SCHEDULER_LOCK_KEY = 7_215_003;

export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly lastTick = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private lockClient: pg.Client | undefined;
  private polling: Promise<void> | undefined;
  private stopped = false;
  private readonly abort = new AbortController();
  private leader = false;
  readonly runner = `${os.hostname()}:${process.pid}`;

  constructor(
    private readonly opts: {
      db: Db;
      /** PostgreSQL: only the holder of the advisory lock runs jobs; unset (PGlite): this process runs them */
      databaseUrl?: string;
      log: SchedulerLog;
      /** how often the runner looks for due jobs (and a follower for the lock); default 1 s */
      pollMs?: number;
      connectTimeoutMs?: number;
    },
  ) {}

  register(job: Job): void {
    if (!/^[a-z0-9][a-z0-9:._-]{0,99}$/.test(job.name)) throw new Error(`nombre de tarea no válido: ${job.name}`);
    if (!Number.isInteger(job.everyMs) || job.everyMs < 1_000) throw new Error(`${job.name}: everyMs debe ser ≥ 1000`);
    if (this.jobs.has(job.name)) throw new Error(`tarea repetida: ${job.name}`);
    this.jobs.set(job.name, job);
  }

  get isLeader(): boolean {
    return this.leader;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    const poll = () => {
      this.polling = this.poll().finally(() => {
        if (!this.stopped) this.timer = setTimeout(poll, this.opts.pollMs ?? 1_000);
      });
    };
    poll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.polling?.catch(() => {});
    // a job that ignores the signal still gets a few seconds before the connection goes
    await Promise.race([Promise.allSettled(this.running.values()), new Promise((r) => setTimeout(r, 5_000).unref())]);
    await this.releaseLock();
  }

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = undefined;
    this.leader = false;
    if (!client) return;
    await client.query('select pg_advisory_unlock($1)', [SCHEDULER_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }

  /** PostgreSQL: holds (or tries to take) the lock; a broken lock connection means not leading any more. */
  private async lead(): Promise<boolean> {
    if (!this.opts.databaseUrl) return true;
    try {
      if (!this.lockClient) {
        const client = new pg.Client({
          connectionString: this.opts.databaseUrl,
          connectionTimeoutMillis: this.opts.connectTimeoutMs ?? 3_000,
          query_timeout: this.opts.connectTimeoutMs ?? 3_000,
          keepAlive: true,
        });
        client.on('error', () => {
          if (this.lockClient === client) {
            this.lockClient = undefined;
            if (this.leader) this.opts.log.warn({ runner: this.runner }, 'planificador: se perdió la conexión del candado; otra instancia tomará las tareas');
            this.leader = false;
          }
          client.end().catch(() => {});
        });
        await client.connect();
        this.lockClient = client;
      }
      if (this.leader) {
        await this.lockClient.query('select 1'); // still connected, so still holding it
        return true;
      }
      const r = await this.lockClient.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [SCHEDULER_LOCK_KEY]);
      this.leader = r.rows[0]?.locked === true;
      if (this.leader) this.opts.log.info({ runner: this.runner }, 'planificador: esta instancia corre las tareas periódicas');
      return this.leader;
    } catch (err) {
      const client = this.lockClient;
      this.lockClient = undefined;
      if (this.leader) this.opts.log.warn({ err, runner: this.runner }, 'planificador: se perdió el candado');
      this.leader = false;
      await client?.end().catch(() => {});
      return false;
    }
  }

  private async poll(): Promise<void> {
    if (!(await this.lead()) || this.stopped) return;
    const now = Date.now();
    for (const job of this.jobs.values()) {
      const tick = Math.floor(now / job.everyMs);
      if ((this.lastTick.get(job.name) ?? -1) >= tick || this.running.has(job.name)) continue;
      this.lastTick.set(job.name, tick);
      const run = this.runOnce(job, tick).finally(() => this.running.delete(job.name));
      this.running.set(job.name, run);
    }
  }

  /** Claims the tick (once per tick across every host), runs the job, records how it went. */
  private async runOnce(job: Job, tick: number): Promise<void> {
    const { db, log } = this.opts;
    try {
      const claimed = await db.execute(sql`
        insert into scheduled_jobs (name, last_tick, last_started_at, last_runner)
        values (${job.name}, ${tick}, now(), ${this.runner})
        on conflict (name) do update set last_tick = excluded.last_tick, last_started_at = now(), last_runner = excluded.last_runner
        where scheduled_jobs.last_tick < excluded.last_tick
        returning name`);
      if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) return; // another runner had this tick
    } catch (err) {
      log.warn({ err, job: job.name }, 'planificador: no se pudo reservar el turno (se reintenta en el próximo)');
      this.lastTick.delete(job.name);
      return;
    }
    let error: string | null = null;
    try {
      await job.run({ db, log, signal: this.abort.signal, tick });
    } catch (err) {
      error = (err as Error).message ?? String(err);
      log.error({ err, job: job.name }, 'planificador: la tarea falló');
    }
    await db
      .execute(sql`update scheduled_jobs set last_finished_at = now(), last_error = ${error}, runs = runs + 1 where name = ${job.name}`)
      .catch((err: unknown) => log.warn({ err, job: job.name }, 'planificador: no se pudo registrar el final de la tarea'));
  }
}
