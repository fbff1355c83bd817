import {
  useSchedulerJobGetCronIntervalStatus,
  useSchedulerJobGetCronSchduleList,
  type CronIntervalStatus,
} from '@smart/api-sdk';
import { useEffect, useState } from 'react';
import type { JobGroup } from '../automation-entities';
import { normaliseCron } from './presets';

/** How long the typing must pause before the server is asked (a request per keystroke helps no one). */
export const CRON_CHECK_DEBOUNCE_MS = 400;

/** How many fire times the editor previews (scheduler_job.yaml getCronSchduleList `count`). */
export const PREVIEW_COUNT = 5;

export interface CronCheck {
  /** The expression the answers below are about ('' = no schedule). */
  cron: string;
  /** Typing not settled yet, or an answer on its way. */
  pending: boolean;
  /** The server's verdict (scheduler_job.yaml getCronIntervalStatus), once known. */
  verdict?: CronIntervalStatus;
  /** The next fire times (getCronSchduleList), asked only for an expression that fires. */
  nextTimes?: string[];
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The server's view of a cron as it is typed: after a pause, its interval verdict against `jobGroup`'s threshold, then
 * (when it fires at all) its next fire times. Quiet calls: an answer the editor cannot use is shown as the verdict, not
 * as an error toast; answers are cached per expression, so going back to an earlier one is instant.
 */
export function useCronCheck(
  cron: string,
  jobGroup: JobGroup | undefined,
  debounceMs = CRON_CHECK_DEBOUNCE_MS,
): CronCheck {
  const typed = normaliseCron(cron);
  const settled = useDebounced(typed, debounceMs);
  const asked = settled !== '' && settled === typed;
  const status = useSchedulerJobGetCronIntervalStatus(
    { cronExpression: settled, ...(jobGroup ? { jobGroup } : {}) },
    { query: { enabled: asked, staleTime: 60_000 }, request: { silent: true } },
  );
  const verdict = asked ? status.data : undefined;
  const fires = verdict?.status === 'OK' || verdict?.status === 'TOO_FREQUENT';
  const list = useSchedulerJobGetCronSchduleList(
    { cronExpression: settled, count: PREVIEW_COUNT },
    { query: { enabled: asked && fires, staleTime: 60_000 }, request: { silent: true } },
  );
  if (typed === '') return { cron: '', pending: false };
  return {
    cron: typed,
    pending: !asked || status.isFetching || (fires && list.isFetching),
    ...(verdict ? { verdict } : {}),
    ...(fires && list.data ? { nextTimes: list.data } : {}),
  };
}
