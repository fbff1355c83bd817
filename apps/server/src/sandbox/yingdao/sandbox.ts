/**
 * The state of one sandbox Yingdao: access tokens per key (the same token while it is valid, as Yingdao's), the
 * idempotency map of job/start, injected 429 answers, the fixed robots and the job runner; plus what tests and demos
 * use to steer it (expire tokens, inject rate limits, force a status, take a robot offline, wait for a status).
 */
import { randomUUID } from 'node:crypto';
import { isTerminalStatus, type YdJobStatus } from '../../engine/yingdao/types';
import { JobRunner } from './jobs';
import {
  createRobots,
  resolveOptions,
  type ResolvedOptions,
  type SimJob,
  type SimRobot,
  type YingdaoSandboxOptions,
} from './model';

interface RateLimit {
  remaining: number;
  retryAfterSec: number | undefined;
  /** `http`: HTTP 429; `code`: HTTP 200 with `code: 429` in the envelope (both occur, §3.1 "Rate limits"). */
  mode: 'http' | 'code';
  /** Only requests whose path ends with it (e.g. `/job/start`); all when absent. */
  path: string | undefined;
}

export type RateLimitOptions = Partial<Pick<RateLimit, 'retryAfterSec' | 'mode' | 'path'>>;

export class YingdaoSandbox {
  readonly options: ResolvedOptions;
  readonly robots: SimRobot[] = createRobots();
  readonly runner: JobRunner;
  /** `accessKeyId \n idempotentUuid` → jobUuid. */
  readonly idempotency = new Map<string, string>();
  /** Counters tests assert on: tokens created, requests per path, 429 and 401 answers. */
  readonly stats = { tokensIssued: 0, rateLimited: 0, unauthorized: 0, requests: new Map<string, number>() };
  /** `http(s)://host/sandbox-yingdao` as the last API caller reached it (for screenshot links). */
  publicBase: string | undefined;
  private readonly tokens = new Map<string, { accessKeyId: string; expiresAt: number }>();
  private readonly current = new Map<string, string>();
  private readonly limits: RateLimit[] = [];

  constructor(options: YingdaoSandboxOptions = {}) {
    this.options = resolveOptions(options);
    this.runner = new JobRunner(this.robots, this.options, (job) =>
      this.publicBase ? `${this.publicBase}/screenshot/${encodeURIComponent(job.jobUuid)}.svg` : '',
    );
  }

  get jobs(): ReadonlyMap<string, SimJob> {
    return this.runner.jobs;
  }

  job(jobUuid: string): SimJob | undefined {
    return this.runner.jobs.get(jobUuid);
  }

  robot(accountName: string): SimRobot | undefined {
    return this.robots.find((r) => r.accountName === accountName);
  }

  /** The key's valid token, or a new one; `expiresIn` in whole seconds left. */
  issueToken(accessKeyId: string): { accessToken: string; expiresIn: number } {
    const now = Date.now();
    const held = this.current.get(accessKeyId);
    const t = held ? this.tokens.get(held) : undefined;
    if (held && t && t.expiresAt > now) {
      return { accessToken: held, expiresIn: Math.max(1, Math.floor((t.expiresAt - now) / 1000)) };
    }
    if (held) this.tokens.delete(held);
    const accessToken = randomUUID();
    const ttlMs = this.options.tokenTtlSec * 1000;
    this.tokens.set(accessToken, { accessKeyId, expiresAt: now + ttlMs });
    this.current.set(accessKeyId, accessToken);
    this.stats.tokensIssued++;
    return { accessToken, expiresIn: Math.max(1, Math.floor(ttlMs / 1000)) };
  }

  /** The access key of a valid token; undefined for an unknown or expired one. */
  tokenOwner(token: string): string | undefined {
    const t = this.tokens.get(token);
    return t && t.expiresAt > Date.now() ? t.accessKeyId : undefined;
  }

  /** Every token issued so far answers 401 from now on (as after Yingdao expired or revoked them). */
  expireTokens(): void {
    this.tokens.clear();
    this.current.clear();
  }

  /** The next `count` matching requests answer 429. */
  injectRateLimit(count: number, o: RateLimitOptions = {}): void {
    if (count <= 0) return;
    this.limits.push({
      remaining: Math.floor(count),
      retryAfterSec: o.retryAfterSec,
      mode: o.mode ?? 'http',
      path: o.path || undefined,
    });
  }

  /** Consumes one injected 429 for `path`, if any applies. */
  takeRateLimit(path: string): Omit<RateLimit, 'remaining'> | undefined {
    const i = this.limits.findIndex((l) => l.remaining > 0 && (!l.path || path.endsWith(l.path)));
    if (i < 0) return undefined;
    const l = this.limits[i]!;
    if (--l.remaining === 0) this.limits.splice(i, 1);
    this.stats.rateLimited++;
    return { retryAfterSec: l.retryAfterSec, mode: l.mode, path: l.path };
  }

  count(path: string): number {
    return this.stats.requests.get(path) ?? 0;
  }

  /** Sets a job's status (a terminal one ends it, callback included); false for an unknown or ended job. */
  forceStatus(jobUuid: string, status: YdJobStatus, remark?: string): boolean {
    const job = this.job(jobUuid);
    if (!job || isTerminalStatus(job.status)) return false;
    this.runner.force(job, status, remark);
    return true;
  }

  /** Takes a robot offline or back online (waiting jobs then start on it); false for an unknown robot. */
  setRobotOnline(accountName: string, online: boolean): boolean {
    const r = this.robot(accountName);
    if (!r) return false;
    r.online = online;
    if (online) this.runner.dispatch();
    return true;
  }

  /** Resolves with the job once `until` holds (checked now and on every change); rejects after `timeoutMs`. */
  waitFor(jobUuid: string, until: (job: SimJob) => boolean, timeoutMs = 5_000): Promise<SimJob> {
    return new Promise((resolve, reject) => {
      const check = (j: SimJob) => {
        if (j.jobUuid !== jobUuid || !until(j)) return false;
        clearTimeout(timer);
        this.runner.events.off('change', check);
        resolve(j);
        return true;
      };
      const timer = setTimeout(() => {
        this.runner.events.off('change', check);
        const j = this.job(jobUuid);
        reject(
          new Error(`job ${jobUuid} did not get there in ${timeoutMs} ms (status ${j?.status ?? 'unknown'})`),
        );
      }, timeoutMs);
      this.runner.events.on('change', check);
      const now = this.job(jobUuid);
      if (now) check(now);
    });
  }

  /** Resolves once the job has one of `statuses`. */
  waitForStatus(jobUuid: string, statuses: YdJobStatus | YdJobStatus[], timeoutMs = 5_000): Promise<SimJob> {
    const want = Array.isArray(statuses) ? statuses : [statuses];
    return this.waitFor(jobUuid, (j) => want.includes(j.status), timeoutMs);
  }

  close(): void {
    this.runner.close();
  }
}
