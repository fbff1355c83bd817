/**
 * Firing a task (docs/automation-domain.md §4.1, §4.2; contract `triggerJob`): one run (log group row) per unit of
 * the task, then, unit by unit, the checks of a run (active window, unit state, daily cap, compute power) and the
 * Yingdao job start. A run that cannot start ends at once as SKIPPED or START_FAILED with the reason, so the
 * operator sees every unit's outcome. The cron firings of the scheduler come through here too (trigger type 1).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index';
import type { RunAlerts } from '../feishu/run-alerts';
import { BizError, formatDateTime, nextId, parseIds } from '../../util';
import { changePower, InsufficientPowerError, PowerChange, powerOf } from '../power/ledger';
import type { RunTokens } from './run-token';
import { groupTaskColumn, TASK_KINDS, type TaskKind, type TaskType } from './task-kinds';
import type { YingdaoResolver } from './yingdao-port';
import { DEADLINE_MS, refundRun } from './apply-status';
import { inWindow } from './window';
import { ITEM, itemProblem, moveItem, nextItem, sentToday, type PublishItem } from './publish-items';
import { scheduleItem } from './publish-schedule';
import { countToday } from './unit-day';

export interface TriggerDeps {
  db: Db;
  tokens: RunTokens;
  yingdao: YingdaoResolver;
  /** Base URL the robots reach this server at. */
  apiBase: () => string;
  now?: () => Date;
  /** Told of a run that could not start (../feishu/run-alerts.ts). */
  alert?: RunAlerts;
}

export interface TriggerInput {
  tenantId: string;
  taskType: TaskType;
  taskId: bigint;
  /** 1 cron, 2 manual, 3 retry of an ended run (./run-control.ts). */
  triggerType: 1 | 2 | 3;
  /** Only these units (manual trigger); empty = every enabled unit. */
  arrIds?: bigint[];
  /** Ignore the active window. */
  force?: boolean;
  /** A publish plan's run takes this item, not the unit's next one (the item of a retried run, ./run-control.ts). */
  itemId?: bigint;
  userId?: bigint | null;
}

export interface TriggeredRun {
  /** The run as the contract names it (patterns.yaml TriggerRun.runId). */
  runId: string;
  /** Its log group (the same as `runId` except for a Douyin publish run, named by its item). */
  groupId: string;
  arrId: string;
  runStatus: string;
  errorMsg: string;
}

type TaskRow = Record<string, unknown> & {
  id: bigint;
  tenantId: string;
  ydUserId: bigint | null;
  createUser: bigint | null;
  taskName: string;
  arrIds: string;
  robotUuid: string;
  priority: string;
  waitTimeoutSec: number;
  runTimeoutSec: number;
  activeStartTime: string;
  activeEndTime: string;
  status: number;
};

export async function loadTask(db: Db, k: TaskKind, tenantId: string, taskId: bigint): Promise<TaskRow> {
  const t = k.tasks;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, taskId), eq(t.tenantId, tenantId), eq(t.isDeleted, 0)));
  if (!row) throw new BizError('任务不存在');
  return row as unknown as TaskRow;
}

/** The customer a task's power comes from: its owner, else whoever created it. */
export const payerOf = (task: { ydUserId: bigint | null; createUser: bigint | null }) =>
  task.ydUserId ?? task.createUser;

export async function triggerTask(deps: TriggerDeps, input: TriggerInput) {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const k = TASK_KINDS[input.taskType];
  const task = await loadTask(db, k, input.tenantId, input.taskId);
  if (task.status !== 1) throw new BizError('任务已停用');

  const u = k.units;
  const listed = parseIds(task.arrIds);
  const only = input.arrIds?.length ? new Set(input.arrIds.map(String)) : undefined;
  const unitWhere = listed.length
    ? inArray(u.id, listed)
    : k.unitTaskColumn
      ? eq(k.unitTaskColumn, task.id)
      : sql`false`;
  const units = (
    await db
      .select()
      .from(u)
      .where(and(eq(u.tenantId, input.tenantId), eq(u.isDeleted, 0), unitWhere))
      .orderBy(u.sort, u.id)
  ).filter((r) => !only || only.has(String(r.id)));
  if (units.length === 0) throw new BizError('任务没有可用的执行账号');

  const binding = await deps.yingdao(input.tenantId, task.ydUserId);
  const payer = payerOf(task);
  const runs: TriggeredRun[] = [];
  for (const unit of units) {
    // a publish run publishes the unit's next pending item; a unit with none has nothing to run
    let item: PublishItem | undefined;
    if (k.kind === 'publish') {
      item = await nextItem(db, k, input.tenantId, task.id, unit.id, input.itemId);
      if (!item) continue;
    }
    const groupId = nextId();
    const runId = String(k.kind === 'publish' && k.runIsItem ? item!.id : groupId);
    const idempotentUuid = randomUUID();
    await db.insert(k.groups).values({
      id: groupId,
      tenantId: input.tenantId,
      [k.groupTaskKey]: task.id,
      taskName: task.taskName,
      arrId: unit.id,
      robotAccount: unit.robotAccount,
      triggerType: input.triggerType,
      idempotentUuid,
      runStatus: 'PENDING',
      triggerTime: now,
      pollDeadline: new Date(now.getTime() + DEADLINE_MS),
      ...(item ? { publishTaskId: item.id, plannedCount: 1 } : {}),
      createUser: input.userId ?? null,
      updateUser: input.userId ?? null,
      createTime: now,
      updateTime: now,
    } as typeof k.groups.$inferInsert);
    // only a PENDING run ends here: an operator may have cancelled it meanwhile (./run-control.ts stopRun), and a
    // terminal state is never replaced
    const end = async (runStatus: 'SKIPPED' | 'START_FAILED', errorMsg: string) => {
      await db
        .update(k.groups)
        .set({ runStatus, errorMsg: errorMsg.slice(0, 500), endTime: now, updateTime: new Date() })
        .where(and(eq(k.groups.id, groupId), eq(k.groups.runStatus, 'PENDING')));
      runs.push({ runId, groupId: String(groupId), arrId: String(unit.id), runStatus, errorMsg });
      if (runStatus === 'START_FAILED') deps.alert?.({ tenantId: input.tenantId, k, groupId, kind: 'ended' });
    };
    /** Whether the operator cancelled the run before its job started; what it reserved is then given back. */
    const cancelledMeanwhile = async () => {
      const [row] = await db
        .select({ runStatus: k.groups.runStatus })
        .from(k.groups)
        .where(eq(k.groups.id, groupId));
      if (row?.runStatus !== 'CANCELLED') return false;
      await refundRun(db, k, groupId, 'CANCELLED');
      runs.push({
        runId,
        groupId: String(groupId),
        arrId: String(unit.id),
        runStatus: 'CANCELLED',
        errorMsg: '',
      });
      return true;
    };

    const skip = skipReason(task, unit, now, input.force ?? false);
    if (skip) {
      await end('SKIPPED', skip);
      continue;
    }
    if (k.kind === 'publish' && item) {
      // sent at once, `videosPerDay` caps what a unit sends a day; a timed plan spreads its items over days
      // instead (./publish-schedule.ts), so they may all leave now, each for its own slot
      const perDay = Number(task.videosPerDay ?? 0);
      const timed = Number(task.enableTimer ?? 0) === 1;
      if (!timed && perDay > 0 && (await sentToday(db, k, task.id, unit.id, now)) >= perDay) {
        await end('SKIPPED', `今日已发布 ${perDay} 条`);
        continue;
      }
      item = await scheduleItem(db, k, task, unit.id, item, now);
      const problem = itemProblem(k, item, task, now);
      if (problem) {
        await moveItem(db, k, item.id, [ITEM.PENDING], { publishStatus: ITEM.FAILED, failReason: problem });
        await end('SKIPPED', problem);
        continue;
      }
    }
    if (!payer) {
      await end('SKIPPED', '任务没有所属客户，无法计算算力');
      continue;
    }
    // compute power: a browse run reserves its cost now (refunded if the job does not start); a comment run pays
    // per comment (../robot-api), so it only needs enough for one
    let reserved = 0;
    if (k.kind === 'browse') {
      const cost = Number(task.powerPerRun ?? 0);
      if (cost > 0) {
        try {
          await changePower(db, {
            tenantId: input.tenantId,
            userId: payer,
            delta: -cost,
            changeType: PowerChange.CONSUME,
            bizType: k.powerBiz,
            bizId: String(groupId),
            platform: k.platform,
            remark: `${task.taskName} · ${unit.arrName || unit.robotAccount}`,
            operatorId: input.userId ?? null,
          });
          reserved = cost;
          await db.update(k.groups).set({ powerCost: cost }).where(eq(k.groups.id, groupId));
        } catch (e) {
          if (e instanceof InsufficientPowerError || e instanceof BizError) {
            await end('SKIPPED', e.message);
            continue;
          }
          throw e;
        }
      }
    } else if (k.kind === 'live') {
      // AI danmaku are charged one by one at the AI configuration's price (../robot-api/live-run.ts): a payer
      // with nothing left would only get a visit without them
      const ai = Number(task.danmakuMode) === 2 && Number(task.danmakuCount) > 0;
      if (ai && (await powerOf(db, input.tenantId, payer)) <= 0) {
        await end('SKIPPED', '算力不足，无法生成 AI 弹幕');
        continue;
      }
    } else {
      const perComment = Number(task.powerPerComment ?? 0);
      if (perComment > 0 && (await powerOf(db, input.tenantId, payer)) < perComment) {
        await end('SKIPPED', `算力不足，需要 ${perComment}`);
        continue;
      }
    }

    // a run cancelled while it was being checked gets no job (its reservation, written just now, goes back)
    if (await cancelledMeanwhile()) continue;
    if (!binding) {
      await refundRun(db, k, groupId, 'START_FAILED');
      await end('START_FAILED', '未配置影刀授权');
      continue;
    }
    const robotUuid = task.robotUuid || binding.appFor(k.taskType);
    if (!robotUuid) {
      await refundRun(db, k, groupId, 'START_FAILED');
      await end('START_FAILED', '任务未指定影刀应用');
      continue;
    }
    // the item is submitted before its job starts: a fast robot reports its first step before job/start answers
    if (item && k.kind === 'publish') {
      await moveItem(db, k, item.id, [ITEM.PENDING], {
        publishStatus: ITEM.SUBMITTED,
        jobUuid: '',
        failReason: '',
      });
    }
    try {
      const runToken = await deps.tokens.sign({
        tenantId: input.tenantId,
        taskType: k.taskType,
        groupId,
        exp: Math.floor((now.getTime() + DEADLINE_MS) / 1000),
      });
      const started = await binding.client.startJob({
        robotUuid,
        accountName: unit.robotClientGroupUuid ? undefined : unit.robotAccount,
        robotClientGroupUuid: unit.robotClientGroupUuid || undefined,
        idempotentUuid,
        waitTimeoutSeconds: task.waitTimeoutSec,
        runTimeout: task.runTimeoutSec,
        priority: task.priority,
        params: [
          { name: 'taskType', value: k.taskType, type: 'str' },
          { name: 'taskId', value: String(task.id), type: 'str' },
          { name: 'groupId', value: String(groupId), type: 'str' },
          ...(item ? [{ name: 'publishTaskId', value: String(item.id), type: 'str' as const }] : []),
          { name: 'runToken', value: runToken, type: 'str' },
          { name: 'apiBase', value: deps.apiBase(), type: 'str' },
        ],
      });
      // a fast robot's callback may already have moved the run on (./poller.ts `findRunByJob` finds it by its
      // idempotent uuid): the job is always recorded, but only a PENDING run becomes WAITING
      await db
        .update(k.groups)
        .set({ jobUuid: started.jobUuid, updateTime: new Date() })
        .where(and(eq(k.groups.id, groupId), eq(k.groups.jobUuid, '')));
      const moved = await db
        .update(k.groups)
        .set({ runStatus: 'WAITING', ydStatus: 'created' })
        .where(and(eq(k.groups.id, groupId), eq(k.groups.runStatus, 'PENDING')))
        .returning({ id: k.groups.id });
      // cancelled by the operator while job/start was on its way: the job it started is stopped too, and the item
      // it took goes back to pending
      if (moved.length === 0 && (await cancelledMeanwhile())) {
        await binding.client.stopJob(started.jobUuid).catch(() => undefined);
        if (item && k.kind === 'publish')
          await moveItem(db, k, item.id, [ITEM.SUBMITTED], { publishStatus: ITEM.PENDING, jobUuid: '' });
        continue;
      }
      if (item && k.kind === 'publish') {
        await db
          .update(k.items)
          .set({ jobUuid: started.jobUuid.slice(0, 64) })
          .where(and(eq(k.items.id, item.id), eq(k.items.jobUuid, '')));
      }
      runs.push({
        runId,
        groupId: String(groupId),
        arrId: String(unit.id),
        runStatus: 'WAITING',
        errorMsg: '',
      });
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      if (reserved > 0) await refundRun(db, k, groupId, 'START_FAILED');
      if (item && k.kind === 'publish')
        await moveItem(db, k, item.id, [ITEM.SUBMITTED], { publishStatus: ITEM.PENDING });
      await end('START_FAILED', `影刀任务启动失败: ${msg}`);
    }
  }

  if (k.kind === 'publish' && runs.length === 0) throw new BizError('没有待发布的内容');
  await db
    .update(k.tasks)
    .set({ lastRunTime: now, lastRunStatus: runs[0]?.runStatus ?? '' })
    .where(eq(k.tasks.id, task.id));
  await db
    .update(u)
    .set({ lastRunTime: now })
    .where(
      inArray(
        u.id,
        runs.filter((r) => r.runStatus === 'WAITING').map((r) => BigInt(r.arrId)),
      ),
    );
  return { taskId: String(task.id), triggerTime: formatDateTime(now), runs };
}

/** Why a unit does not run now (§4.1 SKIPPED), or undefined. */
function skipReason(
  task: TaskRow,
  unit: {
    status: number;
    loginStatus: number;
    dailyLimit: number;
    todayCount: number;
    todayDate: string;
    workStartTime: string;
    workEndTime: string;
  },
  now: Date,
  force: boolean,
): string | undefined {
  if (unit.status !== 1) return '执行账号已停用';
  if (unit.loginStatus === 2) return '执行账号需要验证';
  // the count of an earlier China day is 0: the cap is of a day (./unit-day.ts)
  if (unit.dailyLimit > 0 && countToday(unit, now) >= unit.dailyLimit) return '执行账号今日次数已用完';
  if (!force && !inWindow(task.activeStartTime, task.activeEndTime, now)) return '不在任务的活跃时段内';
  if (!force && !inWindow(unit.workStartTime, unit.workEndTime, now)) return '不在执行账号的工作时段内';
  return undefined;
}

/** For tests and the run monitor: the runs of a task. */
export async function runsOf(db: Db, k: TaskKind, tenantId: string, taskId: bigint) {
  return db
    .select()
    .from(k.groups)
    .where(and(eq(k.groups.tenantId, tenantId), eq(groupTaskColumn(k), taskId)));
}
