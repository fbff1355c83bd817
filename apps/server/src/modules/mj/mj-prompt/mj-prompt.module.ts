/**
 * Prompts and their drawings (contract tag `mj_prompt`; docs/automation-domain.md §1.5, §3.9, §4.5): the generic
 * module from the contract's declaration (src/crud/define-module.ts), plus `generate` (a prompt from the app's
 * phrase and word pools through its AI configuration), `draw` and `change` (./drawing.ts), `sync`, and the proxy's
 * `notify` hook. The drawing fields are the server's (MjPromptState, read-only): a submit never sets them.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCrudModule } from '../../../crud/define-module';
import type { EntityRegistry } from '../../../crud/entities';
import { caller } from '../../../crud/index';
import type { Db } from '../../../db/index';
import { mjApp, mjPhrase, mjPrompt } from '../../../db/schema';
import { AI_CONFIG_MISSING_MSG, loadAiCommentConfig, withPlainApiKey } from '../../../engine/ai/config';
import { parseMjTask } from '../../../mj/proxy-client';
import { mailDrawing } from '../mj-mail/app-mail';
import { BizError, nextId, ok, parseId } from '../../../util';
import {
  changeDrawing,
  drawPrompt,
  onNotify,
  syncDrawing,
  sweepDrawings,
  verifyNotifyToken,
  type MjBinding,
} from './drawing';
import { copyImage } from './keep-image';
import { writePrompt, type PromptModelConfig } from './prompt-writer';
import { drawPhraseWords } from './word-pools';

export interface MjPromptDeps extends MjBinding {
  /** The model a tenant without an `mj` AI configuration uses (the sandbox's, with ENGINE_SANDBOX=1). */
  fallbackModel(): PromptModelConfig | undefined;
  /** Sweep drawings not heard of for a while every so many ms (0 = never; tests sweep by hand). */
  sweepEveryMs: number;
}

/** The reference images of a phrase that asks for one (`is_picture` 2), from its comma list. */
const picturesOf = (list: string) =>
  list
    .split(/[,，\s]+/u)
    .map((s) => s.trim())
    .filter((s) => /^https?:\/\//u.test(s));

export function mjPromptModule(
  app: FastifyInstance,
  db: Db,
  entities: EntityRegistry,
  engineDeps: MjPromptDeps,
  storage: { uploadDir: string },
) {
  const m = defineCrudModule(db, entities.get('mj_prompt'), mjPrompt);

  // a finished drawing is mailed to its app's recipients (when its settings say so) after the answer; the server
  // waits for mails under way before it closes
  const mailing = new Set<Promise<unknown>>();
  const deps: MjPromptDeps = {
    ...engineDeps,
    keepImage: (row, url) =>
      copyImage(db, storage.uploadDir, row.tenantId, url).catch((e: unknown) => {
        app.log.warn({ err: e, promptId: String(row.id) }, 'mj image not copied, the proxy link is kept');
        return undefined;
      }),
    onDrawn: (row) => {
      if (row.appId === null) return;
      const p = mailDrawing(db, {
        tenantId: row.tenantId,
        appId: row.appId,
        bizId: String(row.id),
        prompt: row.prompt,
        // a kept image's link is the server's own (a local store's is a path): the mail needs it whole
        imageUrl: row.imageUrl.startsWith('/') ? `${engineDeps.publicBase()}${row.imageUrl}` : row.imageUrl,
      })
        .catch((e: unknown) => app.log.warn({ err: e, promptId: String(row.id) }, 'mj result mail failed'))
        .finally(() => mailing.delete(p));
      mailing.add(p);
    },
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...mailing]);
  });

  if (deps.sweepEveryMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = sweepDrawings(db, deps)
          .catch((e: unknown) => app.log.warn({ err: e }, 'mj sweep failed'))
          .finally(() => (running = undefined));
      }, deps.sweepEveryMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

  /** The app's model: its own configuration, else the tenant's default `mj` one, else the sandbox's. */
  async function modelOf(tenantId: string, a: typeof mjApp.$inferSelect): Promise<PromptModelConfig> {
    const row = await loadAiCommentConfig(db, tenantId, {
      id: a.aiConfigId ?? undefined,
      platform: 'mj',
    });
    const base: PromptModelConfig | undefined =
      row ?? (a.aiConfigId === null ? deps.fallbackModel() : undefined);
    if (!base) throw new BizError(AI_CONFIG_MISSING_MSG);
    if (base.provider !== 'linkai') return base;
    // a LinkAI app of the mj app's own (mj_app link_ai_code / link_ai_token, §1.5)
    const token = a.linkAiToken ? (await withPlainApiKey(db, { apiKey: a.linkAiToken })).apiKey : '';
    return { ...base, appCode: a.linkAiCode.trim() || base.appCode, apiKey: token || base.apiKey };
  }

  return {
    ...m.handlers,

    async mjPromptGenerate(req: FastifyRequest) {
      const a = caller(req);
      const { appId } = req.body as { appId: string };
      const [app] = await db
        .select()
        .from(mjApp)
        .where(and(eq(mjApp.tenantId, a.tenant_id), eq(mjApp.id, BigInt(appId)), eq(mjApp.isDeleted, 0)))
        .limit(1);
      if (!app || app.status !== 1) throw new BizError('所选应用不存在或已停用');
      const [phrase] = await db
        .select()
        .from(mjPhrase)
        .where(
          and(
            eq(mjPhrase.tenantId, a.tenant_id),
            eq(mjPhrase.appId, app.id),
            eq(mjPhrase.isDeleted, 0),
            eq(mjPhrase.status, 1),
          ),
        )
        .orderBy(desc(mjPhrase.updateTime), desc(mjPhrase.id))
        .limit(1);
      if (!phrase) throw new BizError('该应用没有启用的提示词库');
      const words = (await drawPhraseWords(db, a.tenant_id, phrase.id)).flatMap((d) => d.words);
      if (words.length === 0) throw new BizError('提示词库没有可抽取的词，请检查提示词扩展的字典节点和数量');
      const origin = words.join(',');
      const text = await writePrompt(await modelOf(a.tenant_id, app), origin);
      const pictures = phrase.isPicture === 2 ? picturesOf(phrase.pictureUrl) : [];
      const picture = pictures.length ? pictures[randomInt(pictures.length)] : undefined;
      const suffix = phrase.phraseSuffix.trim();
      const userId = parseId(a.user_id);
      const deptId = parseId(a.dept_id?.split(',')[0]);
      const now = new Date();
      const [row] = await db
        .insert(mjPrompt)
        .values({
          id: nextId(),
          tenantId: a.tenant_id,
          appId: app.id,
          phraseId: phrase.id,
          prompt: [picture, text, suffix].filter(Boolean).join(' '),
          promptOrigin: origin,
          phraseSuffix: suffix,
          createUser: userId ?? null,
          createDept: deptId ?? null,
          updateUser: userId ?? null,
          createTime: now,
          updateTime: now,
        })
        .returning();
      return ok(m.toVO(row!));
    },

    async mjPromptDraw(req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as { id: string; ydUserId?: string };
      const row = await m.findOwn(a, parseId(b.id));
      const userId = parseId(a.user_id);
      const customer = parseId(b.ydUserId) ?? userId;
      if (customer === undefined) throw new BizError('客户不存在');
      const drawn = await drawPrompt(db, deps, { tenantId: a.tenant_id, userId }, row, customer);
      return ok(m.toVO(drawn));
    },

    async mjPromptChange(req: FastifyRequest) {
      const a = caller(req);
      const b = req.body as { id: string; action: 'UPSCALE' | 'VARIATION' | 'REROLL'; index?: number };
      const parent = await m.findOwn(a, parseId(b.id));
      const drawn = await changeDrawing(
        db,
        deps,
        { tenantId: a.tenant_id, userId: parseId(a.user_id) },
        parent,
        { action: b.action, index: b.index },
      );
      return ok(m.toVO(drawn));
    },

    async mjPromptSync(req: FastifyRequest) {
      const a = caller(req);
      const row = await m.findOwn(a, parseId((req.query as { id: string }).id));
      return ok(m.toVO(await syncDrawing(db, deps, row)));
    },

    async mjPromptNotify(req: FastifyRequest) {
      const id = await verifyNotifyToken(db, (req.query as { token: string }).token);
      if (id === undefined) throw new BizError('通知令牌无效');
      const task = parseMjTask(req.body);
      if (task) await onNotify(db, deps, id, task);
      return ok({});
    },
  };
}
