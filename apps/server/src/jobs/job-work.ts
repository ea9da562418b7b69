/**
 * Every kind of job and every periodic task the server runs (docs/jobs.md): the one list a new kind
 * of background work is added to. Every server process runs all of them.
 */
import { WAITLIST_SCAN, waitlistScanHandler } from '../modules/waitlist/waitlist-scan.ts';
import type { JobRunnerOptions } from './job-runner.ts';

export function jobWork(): Pick<JobRunnerOptions, 'handlers' | 'periodic'> {
  return {
    handlers: { [WAITLIST_SCAN]: waitlistScanHandler },
    periodic: [],
  };
}
