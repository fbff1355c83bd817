/**
 * Alerts to a customer's own Feishu bot (yd_user_info `feishuWebhook`, `feishuSecret`; contract yd-user-info.yaml):
 * a run of the customer's tasks that failed, timed out or could not start, and a robot account that met a captcha and
 * needs verification. An alert is sent after the state is written and never stands in its way: a bot that refuses or
 * does not answer is logged and forgotten. A burst is capped per webhook (Feishu takes about 100 messages a minute
 * from a bot; an operator reads far fewer): past the cap, alerts are counted and the next one sent says how many
 * were left out.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index';
import { ydUserInfo } from '../../db/schema';
import { entitySecretBox, revealSecret } from '../../kernel/entity-secrets';
import { formatDateTime } from '../../util';
import type { TaskKind } from '../runs/task-kinds';
import { postBotText } from './bot';

export interface RunAlert {
  tenantId: string;
  k: TaskKind;
  groupId: bigint;
  /** `ended`: the run ended FAILED, TIMEOUT or START_FAILED; `verification`: its unit needs a captcha passed. */
  kind: 'ended' | 'verification';
}

/** Queues an alert; never throws, never waits. */
export type RunAlerts = (alert: RunAlert) => void;

/** Alerts sent per webhook and minute; the rest are counted into the next one. */
export const ALERTS_PER_MINUTE = 10;

const MODULES: Readonly<Record<string, string>> = {
  dy_browse: '抖音浏览任务',
  dy_comm: '抖音评论任务',
  dy_publish: '抖音发布计划',
  dy_live: '抖音直播任务',
  xsh_browse: '小红书浏览任务',
  xsh_comm: '小红书评论任务',
  xhs_publish: '小红书发布计划',
  sph_browse: '视频号浏览任务',
};

const ENDINGS: Readonly<Record<string, string>> = {
  FAILED: '运行失败',
  TIMEOUT: '运行超时',
  START_FAILED: '启动失败',
};

export interface RunAlertOptions {
  /** Where a webhook is reached (the simulated Feishu on a sandboxed server, ./binding.ts). */
  hookUrl: (webhook: string) => string;
  log: { warn(obj: object, msg?: string): void };
  fetchFn?: typeof fetch;
  now?: () => Date;
}

export function runAlerts(db: Db, o: RunAlertOptions): RunAlerts & { idle(): Promise<void> } {
  const now = o.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();
  const windows = new Map<string, { start: number; sent: number; held: number }>();

  /** Whether this webhook may take one more now; a held one is counted. */
  function admit(webhook: string): { ok: boolean; held: number } {
    const t = now().getTime();
    const w = windows.get(webhook);
    if (!w || t - w.start >= 60_000) {
      const held = w?.held ?? 0;
      windows.set(webhook, { start: t, sent: 1, held: 0 });
      return { ok: true, held };
    }
    if (w.sent >= ALERTS_PER_MINUTE) {
      w.held++;
      return { ok: false, held: 0 };
    }
    w.sent++;
    const held = w.held;
    w.held = 0;
    return { ok: true, held };
  }

  async function send(a: RunAlert): Promise<void> {
    const { k } = a;
    const g = k.groups;
    const [run] = await db
      .select({
        runStatus: g.runStatus,
        errorMsg: g.errorMsg,
        robotAccount: g.robotAccount,
        taskName: g.taskName,
        taskId: (g as unknown as Record<string, typeof g.id>)[k.groupTaskKey]!,
      })
      .from(g)
      .where(and(eq(g.id, a.groupId), eq(g.tenantId, a.tenantId)));
    if (!run?.taskId) return;
    const ending = ENDINGS[run.runStatus];
    if (a.kind === 'ended' && !ending) return;
    const [task] = await db
      .select({ ydUserId: k.tasks.ydUserId, createUser: k.tasks.createUser })
      .from(k.tasks)
      .where(eq(k.tasks.id, run.taskId));
    const payer = task?.ydUserId ?? task?.createUser;
    if (!payer) return;
    const [profile] = await db
      .select({ webhook: ydUserInfo.feishuWebhook, secret: ydUserInfo.feishuSecret })
      .from(ydUserInfo)
      .where(
        and(eq(ydUserInfo.tenantId, a.tenantId), eq(ydUserInfo.ydUserId, payer), eq(ydUserInfo.isDeleted, 0)),
      )
      .limit(1);
    if (!profile?.webhook) return;
    const gate = admit(profile.webhook);
    if (!gate.ok) return;
    const what = `${MODULES[k.taskType] ?? k.taskType}「${run.taskName}」`;
    const lines =
      a.kind === 'verification'
        ? [
            `【账号需要验证】执行账号 ${run.robotAccount} 在${what}的运行中遇到验证码或滑块，已暂停使用。`,
            '请在机器人上完成验证，再把该执行账号的登录状态改回「已登录」。',
          ]
        : [
            `【运行告警】${what}的执行账号 ${run.robotAccount} ${ending}${run.errorMsg ? `：${run.errorMsg}` : ''}`,
          ];
    lines.push(`运行批次 ${a.groupId} · ${formatDateTime(now())}`);
    if (gate.held > 0) lines.push(`（上一分钟另有 ${gate.held} 条告警未单独发送）`);
    const secret = profile.secret ? await revealSecret(entitySecretBox(db), profile.secret) : '';
    await postBotText(o.hookUrl(profile.webhook), lines.join('\n'), secret, {
      ...(o.fetchFn ? { fetchFn: o.fetchFn } : {}),
      now,
    });
  }

  const alerts = (a: RunAlert) => {
    const p = send(a)
      .catch((err: unknown) =>
        o.log.warn({ err, groupId: String(a.groupId), taskType: a.k.taskType }, 'run alert not sent'),
      )
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  return Object.assign(alerts, {
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  });
}
