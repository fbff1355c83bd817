/**
 * The robot-facing operations (contract tag `robot_run`, openapi/paths/smart-robot/run.yaml; src/engine/README.md):
 * what an RPA app calls while it runs a job, with the job's run token.
 */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index';
import { BizError, ok } from '../../util';
import { changePower, PowerChange, powerOf } from '../power/ledger';
import type { CommentKind } from '../runs/task-kinds';
import { storeActions, type RunAction } from './actions';
import { runContext, type RunContext } from './run-context';

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

const MAX_TARGETS = 1000;

export function robotApiHandlers(db: Db, writeComment: CommentWriter) {
  /** A phrase by weight from the task's pool (`*_common`, the payer's own and the tenant's shared ones). */
  async function drawPhrase(ctx: RunContext, table: CommentKind['pool'] | RunContext['k']['phrases']) {
    const t = table as CommentKind['pool'];
    const owner = ctx.payer ? or(isNull(t.ydUserId), eq(t.ydUserId, ctx.payer)) : isNull(t.ydUserId);
    const extra =
      'commId' in t && ctx.k.kind === 'comment' ? or(isNull(t.commId), eq(t.commId, ctx.task.id)) : undefined;
    const weight = 'weight' in t ? (t as unknown as { weight: typeof t.useCount }).weight : undefined;
    // weighted draw in the database: -ln(u)/w is exponential with rate w, the smallest one wins with odds ∝ w
    const [row] = await db
      .select({ id: t.id, content: t.content })
      .from(t)
      .where(and(eq(t.tenantId, ctx.tenantId), eq(t.isDeleted, 0), eq(t.status, 1), owner, extra))
      .orderBy(weight ? sql`-ln(random()) / greatest(${weight}, 1)` : sql`random()`)
      .limit(1);
    if (!row) return undefined;
    await db
      .update(t)
      .set({ useCount: sql`${t.useCount} + 1`, lastUsedTime: new Date() })
      .where(eq(t.id, row.id));
    return row.content;
  }

  return {
    async robotRunTargets(req: FastifyRequest) {
      const ctx = await runContext(db, req);
      const { k, task } = ctx;
      const t = task as Record<string, unknown>;
      const keywords = String(t.keywords ?? '')
        .split(/[,，\n]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .map((value) => ({ id: '', kind: 'keyword' as const, value, itemId: '', title: '' }));
      let targets: {
        id: string;
        kind: 'url' | 'keyword' | 'feed';
        value: string;
        itemId: string;
        title: string;
      }[];
      let settings;
      if (k.kind === 'comment') {
        const u = k.urls;
        const urls =
          Number(t.sourceMode) === 1
            ? await db
                .select({ id: u.id, url: u.url, itemId: u.itemId, title: u.title })
                .from(u)
                .where(
                  and(
                    eq(u.tenantId, ctx.tenantId),
                    eq(u.commId, task.id),
                    eq(u.isDeleted, 0),
                    eq(u.status, 1),
                    eq(u.useStatus, 0),
                  ),
                )
                .orderBy(asc(u.sort), asc(u.id))
                .limit(MAX_TARGETS)
            : [];
        targets = urls.map((r) => ({
          id: String(r.id),
          kind: 'url',
          value: r.url,
          itemId: r.itemId,
          title: r.title,
        }));
        if (Number(t.sourceMode) === 2) targets = keywords;
        settings = {
          count: Number(t.commentsPerRun ?? 1),
          minIntervalSec: Number(t.minIntervalSec ?? 0),
          maxIntervalSec: Number(t.maxIntervalSec ?? 0),
          likeBeforeComment: Number(t.likeBeforeComment ?? 0) === 1 ? 1 : 0,
          needComment: true,
        };
      } else {
        const mode = Number(t.browseMode ?? 1);
        const urls = String(t.targetUrls ?? '')
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((value) => ({ id: '', kind: 'url' as const, value, itemId: '', title: '' }));
        targets = mode === 2 ? keywords : mode >= 3 ? urls : [];
        settings = {
          count: Number(t.browseCount ?? 1),
          minIntervalSec: Number(t.minStaySec ?? 0),
          maxIntervalSec: Number(t.maxStaySec ?? 0),
          likeBeforeComment: 0,
          needComment: false,
        };
      }
      if (targets.length === 0) targets = [{ id: '', kind: 'feed', value: '', itemId: '', title: '' }];
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
      if (ctx.k.kind !== 'comment') throw new BizError('该任务不发表评论');
      const k = ctx.k;
      const t = ctx.task as Record<string, unknown>;
      const body = req.body as { targetId?: string; itemTitle: string; itemDesc?: string; keyword?: string };
      const mode = Number(t.commentMode ?? 1);
      const fromPool = async () => {
        const text = (await drawPhrase(ctx, k.pool)) ?? (await drawPhrase(ctx, k.phrases));
        return text ? { content: text, source: 2, powerCost: 0 } : undefined;
      };
      if (mode === 2 || mode === 3) {
        const text = mode === 2 ? await drawPhrase(ctx, k.pool) : await drawPhrase(ctx, k.phrases);
        if (!text) throw new BizError(mode === 2 ? '评论库没有可用的评论' : '常用语库没有可用的短语');
        return ok({ content: text, source: mode, powerCost: 0 });
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
      } catch (e) {
        const fallback = mode === 4 ? await fromPool() : undefined;
        if (fallback) return ok(fallback);
        throw e instanceof BizError ? e : new BizError(e instanceof Error ? e.message : 'AI 评论生成失败');
      }
      const cost = perComment > 0 ? perComment : written.powerCost;
      if (cost > 0) {
        await changePower(db, {
          tenantId: ctx.tenantId,
          userId: ctx.payer,
          delta: -cost,
          changeType: PowerChange.CONSUME,
          bizType: k.powerBiz,
          bizId: String(ctx.groupId),
          platform: k.platform,
          remark: `${ctx.task.taskName} · ${body.itemTitle}`.slice(0, 255),
        });
        await db
          .update(k.groups)
          .set({ powerCost: sql`${k.groups.powerCost} + ${cost}` })
          .where(eq(k.groups.id, ctx.groupId));
      }
      return ok({ content: written.content, source: 1, powerCost: cost });
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
      const b = req.body as { successCount: number; failCount: number; skipCount: number; message?: string };
      const g = ctx.k.groups;
      // the logs are the record; the robot's counts only fill a run that sent none
      await db
        .update(g)
        .set({
          successCount: sql`greatest(${g.successCount}, ${b.successCount})`,
          failCount: sql`greatest(${g.failCount}, ${b.failCount})`,
          skipCount: sql`greatest(${g.skipCount}, ${b.skipCount})`,
          ...(b.message ? { errorMsg: b.message.slice(0, 500) } : {}),
          updateTime: new Date(),
        })
        .where(eq(g.id, ctx.groupId));
      return ok({});
    },
  };
}
