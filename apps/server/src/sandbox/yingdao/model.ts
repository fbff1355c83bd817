/**
 * What the sandbox Yingdao holds: its fixed robots, robot groups and apps, the jobs it runs, and its options. The
 * robots each play one scenario (see ROBOTS), so a demo or a test picks the outcome by picking the robot.
 */
import { chinaDateTime } from '../../pay/money';
import { createHash } from 'node:crypto';
import type { YdJobStatus, YdParam } from '../../engine/yingdao/types';

export const YINGDAO_SANDBOX_PREFIX = '/sandbox-yingdao';

/** The default valid key pair: any accessKeyId starting with `sandbox`, and this secret. */
export const SANDBOX_ACCESS_KEY_ID = 'sandbox-demo';
export const SANDBOX_ACCESS_KEY_SECRET = 'sandbox-secret';

export interface YingdaoSandboxOptions {
  /**
   * Where to POST the §3.1 callback of a terminal job, per access key (Yingdao: configured once in its console);
   * undefined = no callback. May look it up (a promise), e.g. in the tenant's `yingdao_auth.callback_url`.
   */
  callbackUrl?: ((accessKeyId: string) => string | undefined | Promise<string | undefined>) | undefined;
  /** The pause of each timeline step and of each robot action (default 1500 ms; tests ~0). */
  paceMs?: number | undefined;
  /** Lifetime of an access token (default 7199 s, as Yingdao's); a short one lets tests see a refresh. */
  tokenTtlSec?: number | undefined;
  /** How long one second of waitTimeoutSeconds/runTimeout lasts here (default 1000 ms; tests scale it down). */
  secondMs?: number | undefined;
  /** Pauses between callback retries (default 500, 750, 1500 ms, as Yingdao's immediate retries). */
  callbackRetryDelaysMs?: readonly number[] | undefined;
  /** Which key pairs are valid (default: accessKeyId starting with `sandbox`, secret `sandbox-secret`). */
  isValidKey?: ((accessKeyId: string, accessKeySecret: string) => boolean) | undefined;
  /** Action rows per run/log call (default 5). */
  logBatchSize?: number | undefined;
  /** Timeout of each call a robot makes to our robot-facing API (default 10 s). */
  robotRequestTimeoutMs?: number | undefined;
  /** The most actions one run performs whatever settings.count says (default 100). */
  maxActions?: number | undefined;
  /** Randomness of invented items and dwell times (tests may fix it). */
  random?: (() => number) | undefined;
}

export type ResolvedOptions = Required<Omit<YingdaoSandboxOptions, 'callbackUrl'>> &
  Pick<YingdaoSandboxOptions, 'callbackUrl'>;

export function resolveOptions(o: YingdaoSandboxOptions): ResolvedOptions {
  return {
    callbackUrl: o.callbackUrl,
    paceMs: o.paceMs ?? 1500,
    tokenTtlSec: o.tokenTtlSec ?? 7199,
    secondMs: o.secondMs ?? 1000,
    callbackRetryDelaysMs: o.callbackRetryDelaysMs ?? [500, 750, 1500],
    isValidKey:
      o.isValidKey ??
      ((id, secret) => id.startsWith('sandbox') && id.length <= 64 && secret === SANDBOX_ACCESS_KEY_SECRET),
    logBatchSize: Math.max(1, o.logBatchSize ?? 5),
    robotRequestTimeoutMs: o.robotRequestTimeoutMs ?? 10_000,
    maxActions: o.maxActions ?? 100,
    random: o.random ?? Math.random,
  };
}

/** A stable uuid-shaped id for a fixture name, the same across restarts (jobs and logs keep pointing at it). */
export function fixtureUuid(name: string): string {
  const h = createHash('md5').update(`sandbox-yingdao:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * ok: every action succeeds; partial: some fail or are skipped; failing: every comment is refused by the platform
 * (the task's stop-after-failures limit ends its runs); captcha: a slider check after two actions.
 */
export type RobotScenario = 'ok' | 'partial' | 'failing' | 'captcha' | 'offline';

export interface SimRobot {
  robotClientUuid: string;
  accountName: string;
  description: string;
  scenario: RobotScenario;
  groupUuid: string;
  machineName: string;
  clientIp: string;
  windowsUserName: string;
  online: boolean;
  /** The job it is running, if any: one job at a time. */
  busyWith: string | undefined;
}

export interface SimGroup {
  robotClientGroupUuid: string;
  robotClientGroupName: string;
}

export const GROUPS: readonly SimGroup[] = [
  { robotClientGroupUuid: fixtureUuid('group:normal'), robotClientGroupName: '模拟机器人组' },
  { robotClientGroupUuid: fixtureUuid('group:faulty'), robotClientGroupName: '异常场景组' },
];

const ROBOTS: readonly [string, RobotScenario, string, number][] = [
  ['sim-01@sandbox', 'ok', '空闲,任务全部成功', 0],
  ['sim-02@sandbox', 'ok', '空闲,任务全部成功', 0],
  ['sim-03@sandbox', 'ok', '空闲,任务全部成功', 0],
  ['sim-partial@sandbox', 'partial', '部分动作失败或跳过', 1],
  ['sim-captcha@sandbox', 'captcha', '执行两个动作后出现滑块验证,任务失败', 1],
  ['sim-offline@sandbox', 'offline', '离线,任务等待超时后失败', 1],
  ['sim-failing@sandbox', 'failing', '评论全部发送失败(账号被限制评论)', 1],
];

export function createRobots(): SimRobot[] {
  return ROBOTS.map(([accountName, scenario, description, group], i) => ({
    robotClientUuid: fixtureUuid(`robot:${accountName}`),
    accountName,
    description,
    scenario,
    groupUuid: GROUPS[group]!.robotClientGroupUuid,
    machineName: `SANDBOX-PC-${String(i + 1).padStart(2, '0')}`,
    clientIp: `10.0.0.${i + 11}`,
    windowsUserName: 'sandbox',
    online: scenario !== 'offline',
    busyWith: undefined,
  }));
}

export interface SimApp {
  appId: string;
  appName: string;
  /** The task type the app serves (our module code). */
  code: string;
}

const APP_NAMES: readonly [string, string][] = [
  ['dy_comm', '抖音评论(模拟)'],
  ['dy_browse', '抖音浏览(模拟)'],
  ['dy_live', '抖音直播互动(模拟)'],
  ['xsh_comm', '小红书评论(模拟)'],
  ['xsh_browse', '小红书浏览(模拟)'],
  ['sph_browse', '视频号浏览(模拟)'],
  ['dy_publish', '抖音发布(模拟)'],
  ['xhs_publish', '小红书发布(模拟)'],
];

/** The app uuid the sandbox lists for a task type (`dy_comm`, …): the `robotUuid` to start it with. */
export const sandboxAppUuid = (code: string): string => fixtureUuid(`app:${code}`);

export const APPS: readonly SimApp[] = APP_NAMES.map(([code, appName]) => ({
  appId: sandboxAppUuid(code),
  appName,
  code,
}));

/** The parameters every sandbox app declares (src/engine/README.md "The robot-facing protocol"). */
export const APP_INPUTS = ['taskType', 'taskId', 'groupId', 'runToken', 'apiBase'] as const;
export const APP_OUTPUTS = ['successCount', 'failCount', 'skipCount', 'message'] as const;

export interface ActionCounts {
  success: number;
  fail: number;
  skip: number;
}

export interface SimJob {
  /** Cursor id of job/list. */
  id: number;
  jobUuid: string;
  accessKeyId: string;
  idempotentUuid: string;
  robotUuid: string;
  robotName: string;
  accountName: string;
  groupUuid: string;
  executeScope: string;
  priority: 'high' | 'middle' | 'low';
  waitTimeoutSeconds: number;
  runTimeout: number | undefined;
  inputs: YdParam[];
  outputs: YdParam[];
  status: YdJobStatus;
  remark: string;
  screenshotUrl: string;
  triggerTime: Date;
  startTime: Date | undefined;
  endTime: Date | undefined;
  robot: SimRobot | undefined;
  counts: ActionCounts;
  /** The job this one re-runs (job/retry). */
  retryOf: string;
  /** Set by job/stop while running: the robot ends its loop. */
  stop: AbortController;
  /** Aborted when the job ends for any reason: the robot's calls in flight are cancelled. */
  done: AbortController;
  timers: Set<NodeJS.Timeout>;
  waitTimer: NodeJS.Timeout | undefined;
  callback: { url: string; attempts: number; delivered: boolean; lastError: string };
}

export const STATUS_NAMES: Readonly<Record<YdJobStatus, string>> = {
  created: '已创建',
  waiting: '等待中',
  running: '运行中',
  stopping: '停止中',
  finish: '已完成',
  stopped: '已停止',
  error: '运行失败',
  skipped: '已跳过',
  cancel: '已取消',
};

export const paramValue = (job: SimJob, name: string): string | undefined =>
  job.inputs.find((p) => p.name === name)?.value;

/**
 * A time as Yingdao's open API writes it: `yyyy-MM-dd HH:mm:ss` in China time, whatever this server's zone (the
 * engine reads job times so, src/engine/runs/apply-status.ts); '' for none.
 */
export const ydTime = (d: Date | null | undefined): string => (d ? chinaDateTime(d) : '');
