/**
 * The jobs of the sandbox Yingdao and their timeline (docs/automation-domain.md §3.1, §4.1): `created` → `waiting`
 * (until a robot is free: the named one, or any online one of the group; higher priority first) → `running` (the
 * simulated robot executes it, robot.ts) → `finish` | `error` | `stopped`. A job nobody picks up within
 * waitTimeoutSeconds ends `error`; one running past runTimeout ends `error`; job/stop cancels a job not yet running
 * (`cancel`) and stops a running one (`stopping` → `stopped`). Each terminal job posts its callback once.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { isTerminalStatus, type YdJobStatus, type YdParam } from '../../engine/yingdao/types';
import { CallbackSender } from './callback';
import { APP_OUTPUTS, type ResolvedOptions, type SimGroup, type SimJob, type SimRobot } from './model';
import { runRobot } from './robot';

export interface JobSpec {
  accessKeyId: string;
  idempotentUuid: string;
  robotUuid: string;
  robotName: string;
  /** Exactly one of the two. */
  robot: SimRobot | undefined;
  group: SimGroup | undefined;
  executeScope: string;
  priority: SimJob['priority'];
  waitTimeoutSeconds: number;
  runTimeout: number | undefined;
  inputs: YdParam[];
  retryOf?: string;
}

const PRIORITY = { high: 0, middle: 1, low: 2 } as const;

export class JobRunner {
  readonly jobs = new Map<string, SimJob>();
  /** `change` (a status or callback changed) with the job: tests and the page wait on it. */
  readonly events = new EventEmitter();
  private seq = 0;
  private closed = false;
  private readonly callbacks: CallbackSender;

  constructor(
    private readonly robots: readonly SimRobot[],
    private readonly o: ResolvedOptions,
    /** The screenshot URL of a failed job, when the sandbox knows its public address. */
    private readonly screenshotUrl: (job: SimJob) => string,
  ) {
    this.events.setMaxListeners(0);
    this.callbacks = new CallbackSender(o, (job) => this.changed(job));
  }

  create(spec: JobSpec): SimJob {
    const job: SimJob = {
      id: ++this.seq,
      jobUuid: randomUUID(),
      accessKeyId: spec.accessKeyId,
      idempotentUuid: spec.idempotentUuid,
      robotUuid: spec.robotUuid,
      robotName: spec.robotName,
      accountName: spec.group ? '' : (spec.robot?.accountName ?? ''),
      groupUuid: spec.group?.robotClientGroupUuid ?? '',
      executeScope: spec.executeScope,
      priority: spec.priority,
      waitTimeoutSeconds: spec.waitTimeoutSeconds,
      runTimeout: spec.runTimeout,
      inputs: spec.inputs,
      outputs: [],
      status: 'created',
      remark: '',
      screenshotUrl: '',
      triggerTime: new Date(),
      startTime: undefined,
      endTime: undefined,
      robot: undefined,
      counts: { success: 0, fail: 0, skip: 0 },
      retryOf: spec.retryOf ?? '',
      stop: new AbortController(),
      done: new AbortController(),
      timers: new Set(),
      waitTimer: undefined,
      callback: { url: '', attempts: 0, delivered: false, lastError: '' },
    };
    this.jobs.set(job.jobUuid, job);
    this.later(job, this.o.paceMs, () => this.toWaiting(job));
    this.changed(job);
    return job;
  }

  /** job/stop: no effect on a terminal or stopping job. */
  stop(job: SimJob): void {
    if (job.status === 'created' || job.status === 'waiting') {
      this.end(job, 'cancel', '任务已取消');
    } else if (job.status === 'running') {
      this.set(job, 'stopping', '正在停止');
      job.stop.abort();
    }
  }

  /** job/retry: a new run of an `error`/`stopped` job on the same robot or group; undefined for other statuses. */
  retry(job: SimJob): SimJob | undefined {
    if (job.status !== 'error' && job.status !== 'stopped') return undefined;
    const group = job.groupUuid
      ? { robotClientGroupUuid: job.groupUuid, robotClientGroupName: '' }
      : undefined;
    return this.create({
      accessKeyId: job.accessKeyId,
      idempotentUuid: '',
      robotUuid: job.robotUuid,
      robotName: job.robotName,
      robot: group ? undefined : this.robots.find((r) => r.accountName === job.accountName),
      group,
      executeScope: job.executeScope,
      priority: job.priority,
      waitTimeoutSeconds: job.waitTimeoutSeconds,
      runTimeout: job.runTimeout,
      inputs: job.inputs,
      retryOf: job.jobUuid,
    });
  }

  /** Tests and demos: a terminal status ends the job now (callback included); another one is just set. */
  force(job: SimJob, status: YdJobStatus, remark?: string): void {
    if (isTerminalStatus(job.status)) return;
    if (isTerminalStatus(status)) this.end(job, status, remark ?? '沙箱手动设置的状态');
    else this.set(job, status, remark);
  }

  /** Whether the robot is online and not running a job. */
  isFree(r: SimRobot): boolean {
    return r.online && r.busyWith === undefined;
  }

  /** Hands waiting jobs to free robots (also after a robot comes back online). */
  dispatch(): void {
    const waiting = [...this.jobs.values()]
      .filter((j) => j.status === 'waiting' && !j.robot)
      .sort((a, b) => PRIORITY[a.priority] - PRIORITY[b.priority] || a.id - b.id);
    for (const job of waiting) {
      const robot = this.robots.find(
        (r) =>
          this.isFree(r) &&
          (job.groupUuid ? r.groupUuid === job.groupUuid : r.accountName === job.accountName),
      );
      if (!robot) continue;
      robot.busyWith = job.jobUuid;
      job.robot = robot;
      clearTimeout(job.waitTimer);
      this.later(job, this.o.paceMs, () => this.run(job));
    }
  }

  private toWaiting(job: SimJob): void {
    if (job.status !== 'created') return;
    this.set(job, 'waiting');
    const seconds = job.waitTimeoutSeconds;
    job.waitTimer = this.later(job, seconds * this.o.secondMs, () => {
      if (job.status !== 'waiting' || job.robot) return;
      const named = this.robots.find((r) => r.accountName === job.accountName);
      this.end(
        job,
        'error',
        named && !named.online
          ? `机器人未连接(${named.accountName}),等待${seconds}秒后超时`
          : `等待空闲机器人超时(${seconds}秒)`,
      );
    });
    this.dispatch();
  }

  private run(job: SimJob): void {
    if (job.status !== 'waiting') return;
    job.startTime = new Date();
    this.set(job, 'running');
    if (job.runTimeout !== undefined) {
      const seconds = job.runTimeout;
      this.later(job, seconds * this.o.secondMs, () => this.end(job, 'error', `运行超时(${seconds}秒)`));
    }
    void runRobot(job, this.o)
      .catch((err: unknown) => ({
        status: 'error' as const,
        remark: `机器人异常: ${(err as Error).message}`,
        counts: job.counts,
        message: '',
      }))
      .then((out) => {
        if (isTerminalStatus(job.status)) return; // ended meanwhile (run timeout, forced status, closed)
        job.counts = out.counts;
        job.outputs = outputsOf(out.counts, out.message);
        this.end(job, out.status, out.remark);
      });
  }

  private end(job: SimJob, status: YdJobStatus, remark: string): void {
    if (isTerminalStatus(job.status) || this.closed) return;
    for (const t of job.timers) clearTimeout(t);
    job.timers.clear();
    job.done.abort();
    job.endTime = new Date();
    if (job.outputs.length === 0) job.outputs = outputsOf(job.counts, remark);
    if (status === 'error') job.screenshotUrl = this.screenshotUrl(job);
    if (job.robot?.busyWith === job.jobUuid) job.robot.busyWith = undefined;
    this.set(job, status, remark);
    this.callbacks.deliver(job);
    this.dispatch();
  }

  private set(job: SimJob, status: YdJobStatus, remark?: string): void {
    job.status = status;
    if (remark !== undefined) job.remark = remark;
    this.changed(job);
  }

  private changed(job: SimJob): void {
    this.events.emit('change', job);
  }

  private later(job: SimJob, ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      job.timers.delete(t);
      if (!this.closed) fn();
    }, ms);
    t.unref();
    job.timers.add(t);
    return t;
  }

  close(): void {
    this.closed = true;
    this.callbacks.close();
    for (const job of this.jobs.values()) {
      for (const t of job.timers) clearTimeout(t);
      job.done.abort();
    }
  }
}

function outputsOf(c: { success: number; fail: number; skip: number }, message: string): YdParam[] {
  const values: Record<(typeof APP_OUTPUTS)[number], YdParam> = {
    successCount: { name: 'successCount', value: String(c.success), type: 'int' },
    failCount: { name: 'failCount', value: String(c.fail), type: 'int' },
    skipCount: { name: 'skipCount', value: String(c.skip), type: 'int' },
    message: { name: 'message', value: message, type: 'str' },
  };
  return APP_OUTPUTS.map((n) => values[n]);
}
