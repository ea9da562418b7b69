/**
 * What the operations endpoints report about this process beyond the database: whether it is
 * draining (shutting down: /health/ready answers 503) and when each background job last ran.
 */

export type JobName = 'mail' | 'housekeeping' | 'jobs';

export interface JobRecord {
  /** Epoch ms of the last round that finished without error; null before the first one. */
  lastSuccessAt: number | null;
  successes: number;
  failures: number;
  /** Rounds held back by a busy server (docs/jobs.md "Requests first"). */
  held: number;
}

export class OperationsState {
  #draining = false;
  readonly startedAt = Date.now();
  readonly jobs = new Map<JobName, JobRecord>();

  get draining(): boolean {
    return this.#draining;
  }

  /** From now on readiness fails; the process keeps serving what still reaches it. */
  startDraining(): void {
    this.#draining = true;
  }

  /** A background job's round ended (ok: without error; held: held back by a busy server). */
  recordJobRound(job: JobName, ok: boolean, held = false, at = Date.now()): void {
    const record = this.jobs.get(job) ?? { lastSuccessAt: null, successes: 0, failures: 0, held: 0 };
    if (held) record.held += 1;
    if (ok) {
      record.lastSuccessAt = at;
      record.successes += 1;
    } else {
      record.failures += 1;
    }
    this.jobs.set(job, record);
  }
}
