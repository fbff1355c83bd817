// The run states of a log group (automation-domain.md §4.1; apps/server/src/engine/README.md "Run states"): the
// ones still moving, and how each reads at a glance.
import type { RunStatus } from '@smart/api-sdk';

/** States a run leaves by itself: the monitor keeps polling while a row on screen is in one of them. */
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['PENDING', 'WAITING', 'RUNNING', 'STOPPING'];

/** How often the run monitor asks again while runs on screen are in progress. */
export const MONITOR_INTERVAL_MS = 2000;

export function isRunActive(status: unknown): boolean {
  return ACTIVE_RUN_STATUSES.includes(status as RunStatus);
}

/** States an operator may stop a run in (a STOPPING one is on its way already). */
export const STOPPABLE_RUN_STATUSES: readonly RunStatus[] = ['PENDING', 'WAITING', 'RUNNING'];

/** Ended states a run is retried from: it did not do its work (the server's run-control.ts RETRYABLE). */
export const RETRYABLE_RUN_STATUSES: readonly RunStatus[] = [
  'FAILED',
  'STOPPED',
  'CANCELLED',
  'TIMEOUT',
  'START_FAILED',
];

export const canStopRun = (status: unknown) => STOPPABLE_RUN_STATUSES.includes(status as RunStatus);
export const canRetryRun = (status: unknown) => RETRYABLE_RUN_STATUSES.includes(status as RunStatus);

/** The run monitor's refetch policy (CrudPage `refetchInterval`): every 2 s while any row is in progress. */
export function monitorRefetch(rows: readonly Record<string, unknown>[]): number | false {
  return rows.some((row) => isRunActive(row['runStatus'])) ? MONITOR_INTERVAL_MS : false;
}

export type RunTone = 'queued' | 'running' | 'success' | 'failed' | 'idle';

const TONES: Record<RunStatus, RunTone> = {
  PENDING: 'queued',
  WAITING: 'queued',
  RUNNING: 'running',
  STOPPING: 'running',
  SUCCESS: 'success',
  FAILED: 'failed',
  START_FAILED: 'failed',
  TIMEOUT: 'failed',
  SKIPPED: 'idle',
  CANCELLED: 'idle',
  STOPPED: 'idle',
};

export function runTone(status: string): RunTone {
  return (TONES as Record<string, RunTone>)[status] ?? 'idle';
}
