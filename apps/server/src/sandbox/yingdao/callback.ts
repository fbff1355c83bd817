/**
 * The callback Yingdao posts on a terminal job (docs/automation-domain.md §3.1 "Callback"): the job's JSON to the URL
 * configured for the access key, answered by any 2xx; otherwise retried right away three times (≈500, 750,
 * 1500 ms). Yingdao's later hourly retries are left out: the engine's poller covers a callback that never arrives.
 */
import type { YdCallback } from '../../engine/yingdao/types';
import { ydTime, type ResolvedOptions, type SimJob } from './model';

export function callbackBody(job: SimJob): YdCallback {
  return {
    dataType: 'job',
    jobUuid: job.jobUuid,
    status: job.status,
    msg: job.remark,
    startTime: ydTime(job.startTime),
    endTime: ydTime(job.endTime),
    robotClientUuid: job.robot?.robotClientUuid ?? '',
    robotClientName: job.robot?.accountName ?? '',
    robotUuid: job.robotUuid,
    robotName: job.robotName,
    idempotentUuid: job.idempotentUuid,
    screenshotUrl: job.screenshotUrl,
    result: job.outputs,
  };
}

export class CallbackSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly o: ResolvedOptions,
    /** Told after each attempt (the sandbox's events). */
    private readonly attempted: (job: SimJob) => void,
  ) {}

  /** Starts delivery of `job`'s callback (if its key has a callback URL); returns at once. */
  deliver(job: SimJob): void {
    const body = JSON.stringify(callbackBody(job));
    void Promise.resolve()
      .then(() => this.o.callbackUrl?.(job.accessKeyId))
      .catch((err: unknown) => {
        job.callback.lastError = `回调地址查询失败: ${(err as Error).message}`;
        return undefined;
      })
      .then((url) => {
        if (!url) return;
        job.callback.url = url;
        return this.attempt(job, url, body, 0);
      });
  }

  private async attempt(job: SimJob, url: string, body: string, retry: number): Promise<void> {
    if (this.closed) return;
    job.callback.attempts++;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) {
        job.callback.delivered = true;
        job.callback.lastError = '';
      } else {
        job.callback.lastError = `HTTP ${res.status}`;
      }
    } catch (err) {
      job.callback.lastError = (err as Error).message;
    }
    this.attempted(job);
    const delay = this.o.callbackRetryDelaysMs[retry];
    if (job.callback.delivered || delay === undefined || this.closed) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.attempt(job, url, body, retry + 1);
    }, delay);
    t.unref();
    this.timers.add(t);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
