/**
 * The sandbox's job operations (docs/automation-domain.md §3.1): job/start (validated as Yingdao documents it, with
 * the idempotency map: the same `idempotentUuid` answers the same job with `idempotentFlag: true`), job/query,
 * job/stop, job/retry (a new run, only for `error`/`stopped`) and the cursor-paged job/list. A key sees only its jobs.
 */
import type { FastifyInstance } from 'fastify';
import { YD_PARAM_TYPES, type YdParam } from '../../engine/yingdao/types';
import { parseDateTime } from '../../util';
import { badAnswer, obj, okAnswer, operation, text, type Answer, type CallContext, type Obj } from './http';
import { APPS, GROUPS, STATUS_NAMES, ydTime, type SimJob } from './model';
import type { YingdaoSandbox } from './sandbox';

const D = '/oapi/dispatch/v2';
const RANGE = [60, 950_400] as const;
const LEGACY_WAIT: Readonly<Record<string, number>> = {
  '10m': 600,
  '20m': 1200,
  '30m': 1800,
  '1h': 3600,
  '2h': 7200,
};
const PARAMS_MAX_CHARS = 10_000;
const ROBOT_NOT_FOUND = '机器人账号不存在,请确认账号名称正确且已切换为调度模式';

const isSeconds = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= RANGE[0] && v <= RANGE[1];

function readParams(v: unknown): YdParam[] | string {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return 'params须为数组';
  const out: YdParam[] = [];
  let chars = 0;
  for (const p of v) {
    const o = obj(p);
    const type = o.type ?? 'str';
    if (typeof o.name !== 'string' || o.name === '' || typeof o.value !== 'string')
      return 'params参数格式错误';
    if (!YD_PARAM_TYPES.includes(type as YdParam['type'])) return `params参数类型错误: ${o.name}`;
    chars += o.name.length + o.value.length;
    out.push({ name: o.name, value: o.value, type: type as YdParam['type'] });
  }
  return chars > PARAMS_MAX_CHARS ? `params参数总长度不能超过${PARAMS_MAX_CHARS}个字符` : out;
}

function start(sb: YingdaoSandbox, c: CallContext): Answer {
  const b = c.body;
  const robotUuid = text(b.robotUuid);
  if (!robotUuid) return badAnswer('robotUuid不能为空');
  const accountName = text(b.accountName);
  const groupUuid = text(b.robotClientGroupUuid);
  if (!accountName && !groupUuid) return badAnswer('accountName和robotClientGroupUuid不能同时为空');
  const idempotentUuid = text(b.idempotentUuid);
  if (idempotentUuid.length > 36) return badAnswer('idempotentUuid长度不能超过36个字符');
  let wait = 600;
  if (b.waitTimeoutSeconds !== undefined) {
    if (!isSeconds(b.waitTimeoutSeconds))
      return badAnswer(`waitTimeoutSeconds取值范围为${RANGE[0]}~${RANGE[1]}`);
    wait = b.waitTimeoutSeconds;
  } else if (b.waitTimeout !== undefined) {
    const legacy = LEGACY_WAIT[text(b.waitTimeout)];
    if (legacy === undefined) return badAnswer('waitTimeout取值错误(10m、20m、30m、1h、2h)');
    wait = legacy;
  }
  if (b.runTimeout !== undefined && !isSeconds(b.runTimeout)) {
    return badAnswer(`runTimeout取值范围为${RANGE[0]}~${RANGE[1]}`);
  }
  const priority = b.priority ?? 'middle';
  if (priority !== 'high' && priority !== 'middle' && priority !== 'low') {
    return badAnswer('priority取值错误(high、middle、low)');
  }
  const executeScope = b.executeScope ?? 'any';
  if (executeScope !== 'any' && executeScope !== 'all') return badAnswer('executeScope取值错误(any、all)');
  const inputs = readParams(b.params);
  if (typeof inputs === 'string') return badAnswer(inputs);

  const idemKey = `${c.accessKeyId}\n${idempotentUuid}`;
  const previous = idempotentUuid ? sb.idempotency.get(idemKey) : undefined;
  if (previous) return okAnswer({ jobUuid: previous, idempotentFlag: true });

  // a group wins when both are given (§3.1)
  const group = groupUuid ? GROUPS.find((g) => g.robotClientGroupUuid === groupUuid) : undefined;
  if (groupUuid && !group) return badAnswer('机器人分组不存在');
  const robot = group ? undefined : sb.robot(accountName);
  if (!group && !robot) return badAnswer(ROBOT_NOT_FOUND);
  const app = APPS.find((a) => a.appId === robotUuid);
  const job = sb.runner.create({
    accessKeyId: c.accessKeyId,
    idempotentUuid,
    robotUuid,
    robotName: app?.appName ?? `应用 ${robotUuid.slice(0, 8)}`,
    robot,
    group,
    executeScope,
    priority,
    waitTimeoutSeconds: wait,
    runTimeout: b.runTimeout as number | undefined,
    inputs,
  });
  if (idempotentUuid) sb.idempotency.set(idemKey, job.jobUuid);
  return okAnswer({ jobUuid: job.jobUuid, idempotentFlag: false });
}

export function jobView(j: SimJob) {
  return {
    jobUuid: j.jobUuid,
    status: j.status,
    statusName: STATUS_NAMES[j.status],
    remark: j.remark,
    robotClientUuid: j.robot?.robotClientUuid ?? '',
    robotClientName: j.robot?.accountName ?? '',
    startTime: ydTime(j.startTime),
    endTime: ydTime(j.endTime),
    robotUuid: j.robotUuid,
    robotName: j.robotName,
    screenshotUrl: j.screenshotUrl,
    robotParams: { inputs: j.inputs, outputs: j.outputs },
  };
}

/** The caller's job named by `jobUuid`, or the error answer. */
function ownJob(sb: YingdaoSandbox, c: CallContext): SimJob | Answer {
  const jobUuid = text(c.body.jobUuid);
  if (!jobUuid) return badAnswer('jobUuid不能为空');
  const job = sb.job(jobUuid);
  return job && job.accessKeyId === c.accessKeyId ? job : badAnswer('任务不存在');
}

const isJob = (v: SimJob | Answer): v is SimJob => 'jobUuid' in v;

function list(sb: YingdaoSandbox, c: CallContext): Answer {
  const b: Obj = c.body;
  let begin: Date | undefined;
  let end: Date | undefined;
  try {
    begin = text(b.triggerTimeBegin) ? parseDateTime(text(b.triggerTimeBegin)) : undefined;
    end = text(b.triggerTimeEnd) ? parseDateTime(text(b.triggerTimeEnd)) : undefined;
  } catch {
    return badAnswer('时间格式错误,应为 yyyy-MM-dd HH:mm:ss');
  }
  const statuses = Array.isArray(b.statusList) ? b.statusList.filter((s) => typeof s === 'string') : [];
  const size = typeof b.size === 'number' && Number.isInteger(b.size) ? b.size : 20;
  if (size < 1 || size > 100) return badAnswer('size取值范围为1~100');
  const direction = b.cursorDirection === 'pre' ? 'pre' : 'next';
  const cursor = b.cursorId === undefined || b.cursorId === '' ? undefined : Number(b.cursorId);
  if (cursor !== undefined && !Number.isFinite(cursor)) return badAnswer('cursorId格式错误');
  // newest first; `next` pages towards older jobs, `pre` back towards newer ones
  const rows = [...sb.jobs.values()]
    .filter(
      (j) =>
        j.accessKeyId === c.accessKeyId &&
        !text(b.scheduleUuid) &&
        (!text(b.robotUuid) || j.robotUuid === text(b.robotUuid)) &&
        (!text(b.robotClientUuid) || j.robot?.robotClientUuid === text(b.robotClientUuid)) &&
        (statuses.length === 0 || statuses.includes(j.status)) &&
        (!begin || j.triggerTime >= begin) &&
        (!end || j.triggerTime <= end),
    )
    .sort((x, y) => y.id - x.id);
  let page: SimJob[];
  if (cursor === undefined) page = rows.slice(0, size);
  else if (direction === 'next') page = rows.filter((j) => j.id < cursor).slice(0, size);
  else page = rows.filter((j) => j.id > cursor).slice(-size);
  return okAnswer({
    hasData: page.length > 0,
    nextId: page.at(-1)?.id ?? null,
    preId: page[0]?.id ?? null,
    cursorDirection: direction,
    dataList: page.map((j) => ({
      id: j.id,
      jobUuid: j.jobUuid,
      taskName: j.robotName,
      status: j.status,
      triggerTime: ydTime(j.triggerTime),
      startTime: ydTime(j.startTime),
      endTime: ydTime(j.endTime),
      robotUuid: j.robotUuid,
      robotName: j.robotName,
      remark: j.remark,
      robotClientUuid: j.robot?.robotClientUuid ?? '',
      robotClientName: j.robot?.accountName ?? '',
    })),
  });
}

export function registerJobRoutes(scope: FastifyInstance, sb: YingdaoSandbox): void {
  operation(scope, sb, 'POST', `${D}/job/start`, (c) => start(sb, c));
  operation(scope, sb, 'POST', `${D}/job/query`, (c) => {
    const job = ownJob(sb, c);
    return isJob(job) ? okAnswer(jobView(job)) : job;
  });
  operation(scope, sb, 'POST', `${D}/job/stop`, (c) => {
    const job = ownJob(sb, c);
    if (!isJob(job)) return job;
    sb.runner.stop(job);
    return okAnswer(null);
  });
  operation(scope, sb, 'POST', `${D}/job/retry`, (c) => {
    const job = ownJob(sb, c);
    if (!isJob(job)) return job;
    const next = sb.runner.retry(job);
    return next ? okAnswer({ jobUuid: next.jobUuid }) : badAnswer('仅运行失败或已停止的任务可以重试');
  });
  operation(scope, sb, 'POST', `${D}/job/list`, (c) => list(sb, c));
}
