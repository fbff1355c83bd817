/**
 * The robot-facing operations (contract tag `robot_run`, openapi/paths/smart-robot/run.yaml; src/engine/README.md):
 * what an RPA app calls while it runs a job, with the job's run token.
 */
import { and, desc, eq, isNull, notLike, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index';
import type { RunAlerts } from '../feishu/run-alerts';
import { BizError, ok } from '../../util';
import { changePower, PowerChange, powerOf } from '../power/ledger';
import type { CommentKind, LiveKind } from '../runs/task-kinds';
import { storeActions, type RunAction } from './actions';
import { commentPicture } from './comment-picture';
import { failureStreak } from './failure-streak';
import { LIVE_ACTIONS, liveRun } from './live-run';
import { runContext, usableBy, type RunContext } from './run-context';
import {
  commentRun,
  inlineKeywords,
  MAX_TARGETS,
  publishRun,
  type RunSettings,
  type RunTarget,
} from './run-targets';
import {
  commentRefusal,
  hasSensitive,
  LIMIT_NOTE,
  noteLimit,
  releaseComment,
  sensitiveWords,
  strategyOf,
  type Strategy,
} from './control-strategy';

/** Writes a comment text with the AI configuration (or the tenant's default one); throws with a reason. */
export type CommentWriter = (
  tenantId: string,
  aiConfigId: bigint | null,
  input: {
    platform: 'dy' | 'xhs' | 'sph';
    title: string;
    body?: string | undefined;
    keyword?: string | undefined;
  },
) => Promise<{ content: string; powerCost: number }>;

/** The body of `robot_run` comment: the item about to be commented. */
interface CommentAsk {
  targetId?: string;
  itemTitle: string;
  itemDesc?: string;
  keyword?: string;
}

export function robotApiHandlers(db: Db, writeComment: CommentWriter, alert?: RunAlerts) {
  /** A phrase by weight from the task's pool (`*_common`, the payer's own and the tenant's shared ones). */
  async function drawPhrase(
    ctx: RunContext,
    table: CommentKind['pool'] | RunContext['k']['phrases'],
    words: readonly string[] = [],
  ) {
    const t = table as CommentKind['pool'];
    // the strategy's sensitive words rule texts out in the query itself (LIKE wildcards in a word taken literally)
    const clean = words.map((w) => notLike(t.content, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    const owner = usableBy(t.ydUserId, ctx.payer);
    // a pool row bound to a task serves that task only (a comment pool's `commId`, a live phrase's `liveId`)
    const bound =
      'commId' in t && ctx.k.kind === 'comment'
        ? t.commId
        : 'liveId' in t && ctx.k.kind === 'live'
          ? (t as unknown as { liveId: typeof t.commId }).liveId
          : undefined;
    const extra = bound ? or(isNull(bound), eq(bound, ctx.task.id)) : undefined;
    const weight = 'weight' in t ? (t as unknown as { weight: typeof t.useCount }).weight : undefined;
    // weighted draw in the database: -ln(u)/w is exponential with rate w, the smallest one wins with odds ∝ w
    const [row] = await db
      .select({ id: t.id, content: t.content })
      .from(t)
      .where(and(eq(t.tenantId, ctx.tenantId), eq(t.isDeleted, 0), eq(t.status, 1), owner, extra, ...clean))
      .orderBy(weight ? sql`-ln(random()) / greatest(${weight}, 1)` : sql`random()`)
      .limit(1);
    if (!row) return undefined;
    await db
      .update(t)
      .set({ useCount: sql`${t.useCount} + 1`, lastUsedTime: new Date() })
      .where(eq(t.id, row.id));
    return row.content;
  }

  /**
   * The text of one comment by the task's comment mode (1 AI, 2 comment pool, 3 phrases, 4 AI with the pools as
   * fallback); a strategy without AI draws from the pools, one with `aiFallbackToPool` falls back to them.
   */
  async function commentText(
    ctx: RunContext,
    k: CommentKind,
    body: CommentAsk,
    strategy: Strategy | undefined,
  ) {
    const t = ctx.task as Record<string, unknown>;
    const words = sensitiveWords(strategy);
    let mode = Number(t.commentMode ?? 1);
    if (strategy && strategy.aiEnabled !== 1 && (mode === 1 || mode === 4)) mode = 2;
    const fallbackAllowed = mode === 4 || strategy?.aiFallbackToPool === 1;
    const fromPool = async () => {
      const text = (await drawPhrase(ctx, k.pool, words)) ?? (await drawPhrase(ctx, k.phrases, words));
      return text ? { content: text, source: 2, powerCost: 0 } : undefined;
    };
    if (mode === 2 || mode === 3) {
      const text = await drawPhrase(ctx, mode === 2 ? k.pool : k.phrases, words);
      if (!text) throw new BizError(mode === 2 ? '评论库没有可用的评论' : '常用语库没有可用的短语');
      return { content: text, source: mode, powerCost: 0 };
    }
    // AI (mode 1, or 4 with the pools as fallback): power is checked first and charged only for an accepted text
    if (!ctx.payer) throw new BizError('任务没有所属客户，无法计算算力');
    const perComment = Number(t.powerPerComment ?? 0);
    if (perComment > 0 && (await powerOf(db, ctx.tenantId, ctx.payer)) < perComment) {
      throw new BizError(`算力不足，需要 ${perComment}`);
    }
    let written;
    try {
      written = await writeComment(ctx.tenantId, (t.aiConfigId as bigint | null) ?? null, {
        platform: k.platform,
        title: body.itemTitle,
        body: body.itemDesc,
        keyword: body.keyword,
      });
      if (hasSensitive(written.content, words)) throw new BizError('AI 评论含敏感词');
    } catch (e) {
      const fallback = fallbackAllowed ? await fromPool() : undefined;
      if (fallback) return fallback;
      throw e instanceof BizError ? e : new BizError(e instanceof Error ? e.message : 'AI 评论生成失败');
    }
    const cost = perComment > 0 ? perComment : written.powerCost;
    await charge(ctx, ctx.payer, cost, body.itemTitle);
    return { content: written.content, source: 1, powerCost: cost };
  }

  /** An accepted AI text's price: one `power_logs` row for the payer, added up on the run. */
  async function charge(ctx: RunContext, payer: bigint, cost: number, what: string) {
    if (cost <= 0) return;
    const { k } = ctx;
    await changePower(db, {
      tenantId: ctx.tenantId,
      userId: payer,
      delta: -cost,
      changeType: PowerChange.CONSUME,
      bizType: 'AI_COMMENT',
      bizId: String(ctx.groupId),
      platform: k.platform,
      remark: `${ctx.task.taskName} · ${what}`.slice(0, 255),
    });
    await db
      .update(k.groups)
      .set({ powerCost: sql`${k.groups.powerCost} + ${cost}` })
      .where(eq(k.groups.id, ctx.groupId));
  }

  /**
   * One danmaku of a live run (`danmakuMode` 1 the live phrases, 2 AI charged at the AI configuration's price);
   * a task without danmaku asks for none.
   */
  async function danmakuText(ctx: RunContext, k: LiveKind, body: CommentAsk) {
    const t = ctx.task as Record<string, unknown>;
    const mode = Number(t.danmakuMode ?? 0);
    if (mode === 1) {
      const text = await drawPhrase(ctx, k.phrases);
      if (!text) throw new BizError('直播话术库没有可用的弹幕');
      return { content: text, source: 2, powerCost: 0 };
    }
    if (mode !== 2) throw new BizError('该任务不发送弹幕');
    if (!ctx.payer) throw new BizError('任务没有所属客户，无法计算算力');
    if ((await powerOf(db, ctx.tenantId, ctx.payer)) <= 0) throw new BizError('算力不足，无法生成 AI 弹幕');
    const anchor = body.itemTitle || String(t.anchorName ?? '') || '主播';
    // one account saying the same line twice in a room reads as a bot: the model is shown what this run has sent
    const sent = await db
      .select({ content: k.logs.content })
      .from(k.logs)
      .where(
        and(
          eq(k.logs.tenantId, ctx.tenantId),
          eq(k.logs.groupId, ctx.groupId),
          eq(k.logs.isDeleted, 0),
          eq(k.logs.actionType, LIVE_ACTIONS.danmaku),
        ),
      )
      .orderBy(desc(k.logs.createTime))
      .limit(5);
    const said = sent.map((r) => r.content).filter(Boolean);
    let written;
    try {
      written = await writeComment(ctx.tenantId, null, {
        platform: k.platform,
        title: `${anchor}的直播间`,
        body:
          (body.itemDesc || '直播间弹幕：一句简短、口语化的互动') +
          (said.length ? `\n不要与已发的弹幕重复：${said.join('；')}` : ''),
        keyword: body.keyword,
      });
    } catch (e) {
      throw e instanceof BizError ? e : new BizError(e instanceof Error ? e.message : 'AI 弹幕生成失败');
    }
    await charge(ctx, ctx.payer, written.powerCost, `弹幕 · ${anchor}`);
    return { content: written.content, source: 1, powerCost: written.powerCost };
  }

  /** A comment's text with, for an image comment, the image to post (./comment-picture.ts). */
  async function withPicture<T extends object>(ctx: RunContext, k: CommentKind, text: T) {
    const pictureUrl = await commentPicture(db, ctx, k);
    return pictureUrl ? { ...text, pictureUrl } : text;
  }

  return {
    async robotRunTargets(req: FastifyRequest) {
      const ctx = await runContext(db, req);
      const { k, task } = ctx;
      const t = task as Record<string, unknown>;
      let targets: RunTarget[];
      let settings: RunSettings;
      if (k.kind === 'comment') {
        ({ targets, settings } = await commentRun(db, ctx, k, await strategyOf(db, ctx)));
      } else if (k.kind === 'publish') {
        ({ targets, settings } = await publishRun(db, ctx, k));
      } else if (k.kind === 'live') {
        ({ targets, settings } = await liveRun(db, ctx));
      } else {
        const mode = Number(t.browseMode ?? 1);
        const urls = String(t.targetUrls ?? '')
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((value): RunTarget => ({ id: '', kind: 'url', value, itemId: '', title: '' }));
        targets = mode === 2 ? inlineKeywords(t.keywords) : mode >= 3 ? urls : [];
        settings = {
          count: Number(t.browseCount ?? 1),
          minIntervalSec: Number(t.minStaySec ?? 0),
          maxIntervalSec: Number(t.maxStaySec ?? 0),
          likeBeforeComment: 0,
          needComment: false,
        };
      }
      if (targets.length === 0 && k.kind !== 'publish')
        targets = [{ id: '', kind: 'feed', value: '', itemId: '', title: '' }];
      await db
        .update(k.groups)
        .set({ plannedCount: settings.count })
        .where(and(eq(k.groups.id, ctx.groupId), eq(k.groups.plannedCount, 0)));
      return ok({
        taskType: k.taskType,
        groupId: String(ctx.groupId),
        taskId: String(task.id),
        settings,
        targets: targets.slice(0, MAX_TARGETS),
      });
    },

    async robotRunComment(req: FastifyRequest) {
      const ctx = await runContext(db, req);
      const body = req.body as CommentAsk;
      if (ctx.k.kind === 'live') return ok(await danmakuText(ctx, ctx.k, body));
      if (ctx.k.kind !== 'comment') throw new BizError('该任务不发表评论');
      const streak = await failureStreak(db, ctx, ctx.k);
      if (streak) {
        await noteLimit(db, ctx, streak);
        return ok({ content: '', source: 0, powerCost: 0, limitReason: streak });
      }
      const strategy = await strategyOf(db, ctx);
      if (!strategy) return ok(await withPicture(ctx, ctx.k, await commentText(ctx, ctx.k, body, undefined)));
      // the strategy's window, cool-down and caps; the comment counted before its text, given back without one
      const refusal = await commentRefusal(db, ctx, strategy);
      if (refusal) {
        await noteLimit(db, ctx, refusal);
        return ok({ content: '', source: 0, powerCost: 0, limitReason: refusal });
      }
      try {
        return ok(await withPicture(ctx, ctx.k, await commentText(ctx, ctx.k, body, strategy)));
      } catch (e) {
        await releaseComment(db, ctx);
        throw e;
      }
    },

    async robotRunPhrase(req: FastifyRequest) {
      const ctx = await runContext(db, req);
      return ok({ content: (await drawPhrase(ctx, ctx.k.phrases)) ?? '' });
    },

    async robotRunLog(req: FastifyRequest) {
      const ctx = await runContext(db, req, { late: true });
      const { actions } = req.body as { actions: RunAction[] };
      return ok({ accepted: await storeActions(db, ctx, actions) });
    },

    async robotRunFinish(req: FastifyRequest) {
      const ctx = await runContext(db, req, { late: true });
      const b = req.body as {
        successCount: number;
        failCount: number;
        skipCount: number;
        message?: string;
        verification?: boolean;
      };
      const g = ctx.k.groups;
      // the logs are the record; the robot's counts only fill a run that sent none
      await db
        .update(g)
        .set({
          successCount: sql`greatest(${g.successCount}, ${b.successCount})`,
          failCount: sql`greatest(${g.failCount}, ${b.failCount})`,
          skipCount: sql`greatest(${g.skipCount}, ${b.skipCount})`,
          // the strategy's note on a shortened run stays (control-strategy.ts LIMIT_NOTE)
          ...(b.message
            ? {
                errorMsg: sql`case when ${g.errorMsg} like ${LIMIT_NOTE + '%'} then ${g.errorMsg} else ${b.message.slice(0, 500)} end`,
              }
            : {}),
          updateTime: new Date(),
        })
        .where(eq(g.id, ctx.groupId));
      // a captcha or slider check: the unit waits for an operator (patterns.yaml LoginStatus 2; runs/trigger.ts skips it)
      const arrId = ctx.group.arrId;
      if (b.verification === true && arrId) {
        const u = ctx.k.units;
        const now = new Date();
        await db
          .update(u)
          .set({ loginStatus: 2, loginCheckTime: now, updateTime: now })
          .where(and(eq(u.id, arrId), eq(u.tenantId, ctx.tenantId)));
        alert?.({ tenantId: ctx.tenantId, k: ctx.k, groupId: ctx.groupId, kind: 'verification' });
      }
      return ok({});
    },
  };
}
