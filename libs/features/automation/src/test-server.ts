// MSW handlers of the scheduler's cron checks (scheduler_job.yaml) answering from a table, and the requests they saw:
// what the editor and dialog tests and stories put behind the HTTP layer.
import type { CronIntervalStatus } from '@smart/api-sdk';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { http, HttpResponse } from 'msw';

const BASE = '*/api/smart-scheduler/scheduler_job';

/** Fire times from 2026-11-22 09:00 on, `gapMinutes` apart, as the server writes them. */
export function fireTimes(count: number, gapMinutes: number): string[] {
  const start = Date.UTC(2026, 10, 22, 9, 0, 0);
  return Array.from({ length: count }, (_, i) =>
    new Date(start + i * gapMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' '),
  );
}

/** The verdict the server gives `cron`: OK or TOO_FREQUENT by the gap, INVALID for anything not in `gaps`. */
export function verdictOf(
  cron: string,
  gaps: Readonly<Record<string, number>>,
  thresholdSeconds = 1800,
): CronIntervalStatus {
  const gap = gaps[cron];
  if (gap === undefined) {
    return {
      status: 'INVALID',
      cronExpression: cron,
      minIntervalSeconds: -1,
      thresholdSeconds,
      nextTimes: [],
    };
  }
  if (gap === 0) {
    return {
      status: 'NEVER_FIRES',
      cronExpression: cron,
      minIntervalSeconds: -1,
      thresholdSeconds,
      nextTimes: [],
    };
  }
  return {
    status: gap * 60 < thresholdSeconds ? 'TOO_FREQUENT' : 'OK',
    cronExpression: cron,
    minIntervalSeconds: gap * 60,
    thresholdSeconds,
    nextTimes: fireTimes(20, gap),
  };
}

export interface CronServer {
  handlers: ReturnType<typeof http.get>[];
  /** Query strings of the interval checks and of the previews, in order. */
  calls: { status: URLSearchParams[]; list: URLSearchParams[] };
}

/**
 * The two cron endpoints over `gaps` (expression → minutes between fire times; 0 = never fires; absent = invalid).
 * The preview answers 400 for an expression that does not parse, as the contract says.
 */
export function cronServer(gaps: Readonly<Record<string, number>>, thresholdSeconds = 1800): CronServer {
  const calls: CronServer['calls'] = { status: [], list: [] };
  return {
    calls,
    handlers: [
      http.get(`${BASE}/getCronIntervalStatus`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        calls.status.push(query);
        return HttpResponse.json(
          envelope(verdictOf(query.get('cronExpression') ?? '', gaps, thresholdSeconds)),
        );
      }),
      http.get(`${BASE}/getCronSchduleList`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        calls.list.push(query);
        const gap = gaps[query.get('cronExpression') ?? ''];
        if (gap === undefined) return errorResponse(400, 'Cron表达式无效');
        return HttpResponse.json(envelope(gap === 0 ? [] : fireTimes(Number(query.get('count') ?? 5), gap)));
      }),
    ],
  };
}
