/**
 * Loaded with `--import` into real API processes by server/test/scheduler.test.ts: registers, through the
 * public registerJob, a job due every second that records which process ran which claimed tick (the clock at
 * insert time would drift into the next second when a run is slow, and look like a tick run twice).
 */
import { sql } from 'drizzle-orm';
import { registerJob } from '../scheduler/registry';

registerJob({
  name: 'probe:heartbeat',
  everyMs: 1_000,
  run: async ({ db, tick }) => {
    await db.execute(sql`create table if not exists scheduler_probe (tick bigint not null, pid integer not null, at timestamptz not null default now())`);
    await db.execute(sql`insert into scheduler_probe (tick, pid) values (${tick}, ${process.pid})`);
  },
});
