/**
 * The shapes of Yingdao's open API (docs/automation-domain.md §3.1) as the client answers them, the job statuses and
 * their mapping onto our run states (§4.1), and the client's error.
 */

/** A job parameter: the value is always a string (for `file` a `fileKey` from file/upload). */
export interface YdParam {
  name: string;
  value: string;
  type: 'str' | 'int' | 'float' | 'bool' | 'file';
}

export const YD_PARAM_TYPES: readonly YdParam['type'][] = ['str', 'int', 'float', 'bool', 'file'];

/** Yingdao job statuses (§4.1); the last five are terminal. */
export const YD_JOB_STATUSES = [
  'created',
  'waiting',
  'running',
  'stopping',
  'finish',
  'stopped',
  'error',
  'skipped',
  'cancel',
] as const;
export type YdJobStatus = (typeof YD_JOB_STATUSES)[number];

const TERMINAL: ReadonlySet<string> = new Set(['finish', 'stopped', 'error', 'skipped', 'cancel']);

/** Whether a Yingdao job status is final (nothing changes it afterwards but a job/retry, which makes a new run). */
export function isTerminalStatus(status: string): boolean {
  return TERMINAL.has(status);
}

/** Our run states a Yingdao status maps to (src/engine/README.md "Run states"). */
export type RunStatus = 'WAITING' | 'RUNNING' | 'STOPPING' | 'SUCCESS' | 'FAILED' | 'STOPPED' | 'CANCELLED';

const RUN_STATUS: Readonly<Record<YdJobStatus, RunStatus>> = {
  created: 'WAITING',
  waiting: 'WAITING',
  running: 'RUNNING',
  stopping: 'STOPPING',
  finish: 'SUCCESS',
  error: 'FAILED',
  stopped: 'STOPPED',
  skipped: 'CANCELLED',
  cancel: 'CANCELLED',
};

/** The run state of a Yingdao status (§4.1); undefined for a status Yingdao may add later (keep the current state). */
export function toRunStatus(ydStatus: string): RunStatus | undefined {
  return Object.hasOwn(RUN_STATUS, ydStatus) ? RUN_STATUS[ydStatus as YdJobStatus] : undefined;
}

export interface StartJobInput {
  /** The app (Yingdao calls apps "robots" in this API). */
  robotUuid: string;
  /** The robot account (e.g. `ceshi1@csqy1`); a group wins when both are given. */
  accountName?: string | undefined;
  robotClientGroupUuid?: string | undefined;
  /** Only with a group. */
  executeScope?: 'any' | 'all' | undefined;
  /** At most 36 characters; the same uuid starts no second job. */
  idempotentUuid: string;
  /** 60–950400, Yingdao's default 600. */
  waitTimeoutSeconds?: number | undefined;
  /** 60–950400. */
  runTimeout?: number | undefined;
  priority?: 'high' | 'middle' | 'low' | undefined;
  params: YdParam[];
}

export interface StartJobResult {
  jobUuid: string;
  /** True when the idempotent uuid was already used: the answer names the existing job. */
  idempotentFlag: boolean;
}

/** job/query's `data`. Missing fields are normalised to '' / []. */
export interface YdJob {
  jobUuid: string;
  status: string;
  statusName: string;
  remark: string;
  robotClientUuid: string;
  robotClientName: string;
  /** `yyyy-MM-dd HH:mm:ss`, '' before the job started / ended. */
  startTime: string;
  endTime: string;
  robotUuid: string;
  robotName: string;
  screenshotUrl: string;
  robotParams: { inputs: YdParam[]; outputs: YdParam[] };
}

export interface ListJobsQuery {
  robotClientUuid?: string;
  robotUuid?: string;
  scheduleUuid?: string;
  statusList?: string[];
  /** `yyyy-MM-dd HH:mm:ss` */
  triggerTimeBegin?: string;
  triggerTimeEnd?: string;
  cursorId?: number | string;
  cursorDirection?: 'next' | 'pre';
  /** 1–100 */
  size?: number;
}

export interface YdJobListItem {
  id: number | string;
  jobUuid: string;
  taskName: string;
  status: string;
  triggerTime: string;
  startTime: string;
  endTime: string;
  robotUuid: string;
  robotName: string;
  remark: string;
  robotClientUuid: string;
  robotClientName: string;
}

export interface YdJobPage {
  hasData: boolean;
  nextId: number | string | null;
  preId: number | string | null;
  cursorDirection: string;
  dataList: YdJobListItem[];
}

export interface PageInfo {
  total: number;
  size: number;
  page: number;
  pages: number;
}

export interface Page<T> {
  list: T[];
  page: PageInfo;
}

export interface YdRobotClient {
  robotClientUuid: string;
  robotClientName: string;
  status: string;
  description: string;
  windowsUserName: string;
  clientIp: string;
  machineName: string;
  /** client/query only. */
  remark?: string;
}

export interface YdRobotClientGroup {
  robotClientGroupUuid: string;
  robotClientGroupName: string;
}

export interface YdApp {
  appId: string;
  appName: string;
  appType: string;
  ownerName: string;
  ownerAccount: string;
  version: string;
  supportParam: boolean;
  createTime: string;
  updateTime: string;
  icon: string;
}

export interface YdRobotParamDef {
  name: string;
  direction: string;
  type: string;
  value: string;
  description: string;
  kind: string;
}

export interface YdRobotParams {
  inputParams: YdRobotParamDef[];
  outputParams: YdRobotParamDef[];
}

/** What Yingdao POSTs to the console-configured callback URL on a terminal status (§3.1 "Callback"). */
export interface YdCallback {
  dataType: 'job' | 'task';
  jobUuid: string;
  status: string;
  msg: string;
  startTime: string;
  endTime: string;
  robotClientUuid: string;
  robotClientName: string;
  robotUuid: string;
  robotName: string;
  idempotentUuid: string;
  screenshotUrl: string;
  result: YdParam[];
}

/** Where a failure came from: Yingdao's answer, the HTTP layer, or the wire. */
export type YingdaoErrorKind = 'api' | 'http' | 'rate-limit' | 'timeout' | 'network' | 'protocol' | 'input';

/**
 * A failed call. `code` is Yingdao's code when it answered one (else the HTTP status, 0 when nothing came back);
 * `retriable` says whether the same call may succeed later (rate limit, timeout, network, 5xx) — a 400 will not.
 */
export class YingdaoError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  readonly msg: string;
  readonly retriable: boolean;
  readonly kind: YingdaoErrorKind;

  constructor(o: {
    code: number;
    httpStatus: number;
    msg: string;
    retriable: boolean;
    kind: YingdaoErrorKind;
  }) {
    super(o.msg);
    this.name = 'YingdaoError';
    this.code = o.code;
    this.httpStatus = o.httpStatus;
    this.msg = o.msg;
    this.retriable = o.retriable;
    this.kind = o.kind;
  }
}
