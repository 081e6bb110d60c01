/**
 * Where periodic jobs are declared. A feature adds its job with `registerJob({ name, everyMs, run })` from a
 * module the API imports at start (the expiring budgets of the staff workflow will be one); server/main.ts
 * hands every registered job to the one Scheduler. Registering after the scheduler started has no effect.
 */
import { BUILT_IN_JOBS } from './jobs';
import type { Job } from './index';

const registered: Job[] = [];

export function registerJob(job: Job): void {
  registered.push(job);
}

/** The built-in jobs and every registered one. */
export function scheduledJobs(): Job[] {
  return [...BUILT_IN_JOBS, ...registered];
}
