/**
 * Drawing a prompt on a Midjourney proxy (docs/automation-domain.md §3.9, §4.5). A drawing is an mj prompt row:
 * `draw` sends its prompt as an IMAGINE task, `change` makes a new row for an UPSCALE, VARIATION or REROLL of a
 * finished grid. The customer pays the drawing's power through the ledger before the proxy is asked, and gets it
 * back when the proxy refuses the task or the task fails (src/engine/power/ledger.ts).
 *
 * The state comes from the proxy's notify hook, from `sync`, and from the sweep of drawings not heard of for a
 * while. Progress is applied as it comes; a terminal status is read back from the proxy (a notification is not
 * trusted beyond its task id) and applied once, by a conditional update on the row's status, so a notification,
 * a sync and the sweep that race store one image and refund at most once.
 */
import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/index';
import { attach, img, mjPrompt } from '../../../db/schema';
import { changePower, PowerChange } from '../../../engine/power/ledger';
import { SecretBox } from '../../../kernel/secret-box';
import {
  fetchTask,
  MjProxyError,
  submitChange,
  submitImagine,
  type MjProxyConfig,
  type MjSubmitResult,
  type MjTask,
} from '../../../mj/proxy-client';
import { contentTypeOf } from '../../../storage/names';
import { BizError, nextId } from '../../../util';
import { attachmentOf, type KeptImage } from './keep-image';
import { paramOf } from '../../system/user/user-checks';

export type MjPromptRow = typeof mjPrompt.$inferSelect;

/** Where the drawings go, and how the proxy reaches us back. */
export interface MjBinding {
  /** The proxy (MJ_PROXY_URL, else the sandbox's with ENGINE_SANDBOX=1); undefined when there is none. */
  proxy(): MjProxyConfig | undefined;
  /** The server's public base URL, for the notify hook. */
  publicBase(): string;
  /** Told once of each drawing that ended SUCCESS (the app's result mail, src/modules/mj/mj-mail). */
  onDrawn?: ((row: MjPromptRow) => void) | undefined;
  /**
   * Copies the image of a drawing that is ending SUCCESS into the tenant's storage (./keep-image.ts); undefined when
   * it could not (the drawing then keeps the proxy's link).
   */
  keepImage?: ((row: MjPromptRow, url: string) => Promise<KeptImage | undefined>) | undefined;
}

export const NO_PROXY_MSG = '未配置绘图服务(MJ_PROXY_URL)';
/** The tenant parameter of a drawing's price, and its price when unset. */
export const DRAW_POWER_PARAM = 'mj.drawPower';
export const DEFAULT_DRAW_POWER = 2;

const TERMINAL = ['SUCCESS', 'FAILURE'] as const;
const IN_FLIGHT = ['NOT_START', 'SUBMITTED', 'IN_PROGRESS'] as const;
/** A drawing not heard of for this long is read from the proxy by the sweep. */
const STALE_MS = 15_000;

async function drawPower(db: Db, tenantId: string): Promise<number> {
  const v = Number((await paramOf(db, tenantId, DRAW_POWER_PARAM))?.trim());
  return Number.isInteger(v) && v >= 0 && v <= 1_000_000 ? v : DEFAULT_DRAW_POWER;
}

const boxes = new WeakMap<Db, SecretBox>();
function boxOf(db: Db): SecretBox {
  let b = boxes.get(db);
  if (!b) boxes.set(db, (b = new SecretBox(db, 'mj-notify')));
  return b;
}

/** `<prompt id>.<mac>`: the hook URL names the drawing, and only the server can make one. */
export async function notifyToken(db: Db, promptId: bigint): Promise<string> {
  return `${promptId}.${(await boxOf(db).mac(`mj-notify:${promptId}`)).slice(0, 32)}`;
}

/** The prompt id of a valid token, else undefined (compared in full, as the mac is). */
export async function verifyNotifyToken(db: Db, token: string): Promise<bigint | undefined> {
  const m = /^([0-9]{1,20})\.([A-Za-z0-9_-]{16,64})$/u.exec(token);
  if (!m) return undefined;
  const id = BigInt(m[1]!);
  return (await notifyToken(db, id)) === token ? id : undefined;
}

function proxyOf(binding: MjBinding): MjProxyConfig {
  const p = binding.proxy();
  if (!p) throw new BizError(NO_PROXY_MSG);
  return p;
}

/** A refusal of the proxy as the operator reads it (MjProxyError carries a Chinese message). */
function refusal(e: unknown): BizError {
  if (e instanceof MjProxyError) return new BizError(e.message);
  return new BizError('绘图服务异常，请稍后重试');
}

interface SubmitInput {
  tenantId: string;
  userId: bigint | undefined;
  customer: bigint;
  row: MjPromptRow;
  send: (hook: string) => Promise<MjSubmitResult>;
}

/**
 * Charges the customer, then asks the proxy. The row is claimed first (`mj_status` NOT_START, a conditional update
 * from '' or FAILURE), so two draws of one prompt charge once; a refusal puts the row back to FAILURE with the
 * reason and refunds.
 */
async function submit(db: Db, binding: MjBinding, s: SubmitInput): Promise<MjPromptRow> {
  proxyOf(binding);
  const power = await drawPower(db, s.tenantId);
  const now = new Date();
  const [claimed] = await db
    .update(mjPrompt)
    .set({
      mjStatus: 'NOT_START',
      mjAction: s.row.mjAction || 'IMAGINE',
      mjProgress: '0%',
      mjFailReason: '',
      mjTaskId: '',
      imageUrl: '',
      imgId: null,
      ydUserId: s.customer,
      power,
      mjSeenTime: now,
      updateTime: now,
      ...(s.userId !== undefined ? { updateUser: s.userId } : {}),
    })
    .where(
      and(
        eq(mjPrompt.id, s.row.id),
        eq(mjPrompt.tenantId, s.tenantId),
        eq(mjPrompt.isDeleted, 0),
        or(eq(mjPrompt.mjStatus, ''), eq(mjPrompt.mjStatus, 'FAILURE')),
      ),
    )
    .returning();
  if (!claimed) throw new BizError('该提示词正在绘制或已绘制完成');
  if (power > 0) {
    try {
      await changePower(db, {
        tenantId: s.tenantId,
        userId: s.customer,
        delta: -power,
        changeType: PowerChange.CONSUME,
        bizType: 'MJ_PROMPT',
        bizId: String(s.row.id),
        platform: 'mj',
        remark: '绘图',
        operatorId: s.userId ?? null,
      });
    } catch (e) {
      await db
        .update(mjPrompt)
        .set({
          mjStatus: s.row.mjStatus,
          mjAction: s.row.mjAction,
          mjProgress: s.row.mjProgress,
          power: s.row.power,
        })
        .where(eq(mjPrompt.id, s.row.id));
      throw e;
    }
  }
  const hook = `${binding.publicBase()}/api/smart-mj/mj_prompt/notify?token=${encodeURIComponent(
    await notifyToken(db, s.row.id),
  )}`;
  let result: MjSubmitResult;
  try {
    result = await s.send(hook);
  } catch (e) {
    const err = refusal(e);
    await fail(db, claimed, err.message);
    throw err;
  }
  const [saved] = await db
    .update(mjPrompt)
    .set({ mjTaskId: result.taskId, mjStatus: 'SUBMITTED', mjSeenTime: new Date() })
    .where(and(eq(mjPrompt.id, s.row.id), eq(mjPrompt.mjStatus, 'NOT_START')))
    .returning();
  // a notification may have overtaken the answer: the row is then further along already
  return saved ?? (await reload(db, s.row.id));
}

async function reload(db: Db, id: bigint): Promise<MjPromptRow> {
  const [r] = await db.select().from(mjPrompt).where(eq(mjPrompt.id, id));
  if (!r) throw new BizError('数据不存在');
  return r;
}

/** Ends a drawing as FAILURE once and refunds its power (only the call that ended it refunds). */
async function fail(db: Db, row: MjPromptRow, reason: string): Promise<void> {
  const [ended] = await db
    .update(mjPrompt)
    .set({
      mjStatus: 'FAILURE',
      mjFailReason: reason.slice(0, 500),
      mjSeenTime: new Date(),
      updateTime: new Date(),
    })
    .where(and(eq(mjPrompt.id, row.id), notInArray(mjPrompt.mjStatus, [...TERMINAL, ''])))
    .returning();
  if (!ended || ended.power <= 0 || ended.ydUserId === null) return;
  await changePower(db, {
    tenantId: ended.tenantId,
    userId: ended.ydUserId,
    delta: ended.power,
    changeType: PowerChange.REFUND,
    bizType: 'MJ_PROMPT',
    bizId: String(ended.id),
    platform: 'mj',
    remark: '绘图失败退还',
  });
}

export async function drawPrompt(
  db: Db,
  binding: MjBinding,
  a: { tenantId: string; userId: bigint | undefined },
  row: MjPromptRow,
  customer: bigint,
): Promise<MjPromptRow> {
  const proxy = proxyOf(binding);
  return submit(db, binding, {
    ...a,
    customer,
    row,
    send: (notifyHook) => submitImagine(proxy, { prompt: row.prompt, notifyHook, state: String(row.id) }),
  });
}

export async function changeDrawing(
  db: Db,
  binding: MjBinding,
  a: { tenantId: string; userId: bigint | undefined },
  parent: MjPromptRow,
  change: { action: 'UPSCALE' | 'VARIATION' | 'REROLL'; index?: number | undefined },
): Promise<MjPromptRow> {
  const proxy = proxyOf(binding);
  if (parent.mjStatus !== 'SUCCESS' || !parent.mjTaskId) throw new BizError('只能对绘制成功的图片进行此操作');
  if (parent.mjAction === 'UPSCALE') throw new BizError('放大后的图片不能再放大或变换');
  if (change.action !== 'REROLL' && change.index === undefined) throw new BizError('请选择第几张图');
  if (parent.ydUserId === null) throw new BizError('客户不存在');
  const index = change.action === 'REROLL' ? 0 : (change.index ?? 0);
  const id = nextId();
  const now = new Date();
  const [row] = await db
    .insert(mjPrompt)
    .values({
      id,
      tenantId: parent.tenantId,
      appId: parent.appId,
      phraseId: parent.phraseId,
      prompt: parent.prompt,
      promptOrigin: parent.promptOrigin,
      phraseSuffix: parent.phraseSuffix,
      mjAction: change.action,
      mjIndex: index,
      parentId: parent.id,
      ...(a.userId !== undefined ? { createUser: a.userId, updateUser: a.userId } : {}),
      createDept: parent.createDept,
      createTime: now,
      updateTime: now,
    })
    .returning();
  try {
    return await submit(db, binding, {
      ...a,
      customer: parent.ydUserId,
      row: row!,
      send: (notifyHook) =>
        submitChange(proxy, {
          taskId: parent.mjTaskId,
          action: change.action,
          ...(change.action !== 'REROLL' ? { index } : {}),
          notifyHook,
          state: String(id),
        }),
    });
  } catch (e) {
    // not charged (not enough power): the row of a change that never started goes; a refused one stays, FAILURE
    await db
      .update(mjPrompt)
      .set({ isDeleted: 1 })
      .where(and(eq(mjPrompt.id, id), eq(mjPrompt.mjStatus, '')));
    throw e;
  }
}

/** Applies a task the proxy answered (a fetch), to the row of that task. */
export async function applyTask(
  db: Db,
  row: MjPromptRow,
  task: MjTask,
  binding: Pick<MjBinding, 'onDrawn' | 'keepImage'> = {},
): Promise<MjPromptRow> {
  if (task.id !== row.mjTaskId) return row;
  const now = new Date();
  if (task.status === 'FAILURE') {
    await fail(db, row, task.failReason || '绘图失败');
    return reload(db, row.id);
  }
  if (task.status === 'SUCCESS') {
    if (!task.imageUrl) return row;
    const origin = task.imageUrl.slice(0, 512);
    // copied before the drawing ends, so it never shows the proxy's expiring link; a racing call's copy is unused
    const kept = (IN_FLIGHT as readonly string[]).includes(row.mjStatus)
      ? await binding.keepImage?.(row, origin)
      : undefined;
    const imageUrl = kept?.link ?? origin;
    const imgId = nextId();
    // one transaction: the row ends SUCCESS and its image (and attachment) exist, or none of them
    const done = await db.transaction(async (tx) => {
      const [ended] = await tx
        .update(mjPrompt)
        .set({
          mjStatus: 'SUCCESS',
          mjProgress: '100%',
          imageUrl,
          imgId,
          mjSeenTime: now,
          updateTime: now,
        })
        .where(and(eq(mjPrompt.id, row.id), inArray(mjPrompt.mjStatus, [...IN_FLIGHT])))
        .returning();
      if (!ended) return undefined;
      await tx.insert(img).values({
        id: imgId,
        tenantId: ended.tenantId,
        ydUserId: ended.ydUserId,
        url: imageUrl,
        originUrl: origin,
        bizType: 'MJ_TASK',
        bizId: String(ended.id),
        mjTaskId: ended.mjTaskId,
        mimeType: kept ? contentTypeOf(kept.kind) : /\.png(\?|$)/iu.test(origin) ? 'image/png' : '',
        width: kept?.width ?? 0,
        height: kept?.height ?? 0,
        createUser: ended.createUser,
        createDept: ended.createDept,
        createTime: now,
        updateUser: ended.updateUser,
        updateTime: now,
      });
      if (kept) await tx.insert(attach).values(attachmentOf(kept, ended, `mj-${ended.mjTaskId}`, now));
      return ended;
    });
    if (!done) return reload(db, row.id);
    // only the call that ended it: a notification and a sync that race mail once
    binding.onDrawn?.(done);
    return done;
  }
  // progress only moves forward, and never past a terminal state
  const status = task.status === 'IN_PROGRESS' || task.status === 'SUBMITTED' ? task.status : undefined;
  const [moved] = await db
    .update(mjPrompt)
    .set({
      ...(status ? { mjStatus: status } : {}),
      ...(/^[0-9]{1,3}%$/u.test(task.progress) ? { mjProgress: task.progress } : {}),
      mjSeenTime: now,
    })
    .where(and(eq(mjPrompt.id, row.id), inArray(mjPrompt.mjStatus, [...IN_FLIGHT])))
    .returning();
  return moved ?? row;
}

/** Reads the drawing's task from the proxy and applies it; a finished or unsent drawing is answered as it is. */
export async function syncDrawing(db: Db, binding: MjBinding, row: MjPromptRow): Promise<MjPromptRow> {
  if (!row.mjTaskId || !(IN_FLIGHT as readonly string[]).includes(row.mjStatus)) return row;
  let task: MjTask;
  try {
    task = await fetchTask(proxyOf(binding), row.mjTaskId);
  } catch (e) {
    // a task the proxy no longer knows will never finish
    if (e instanceof MjProxyError && e.reason === 'NOT_FOUND') {
      await fail(db, row, '绘图任务在绘图服务中不存在');
      return reload(db, row.id);
    }
    throw refusal(e);
  }
  return applyTask(db, row, task, binding);
}

/**
 * A notification: progress is applied from the body (it only moves forward); a terminal status is read back from
 * the proxy first.
 */
export async function onNotify(db: Db, binding: MjBinding, promptId: bigint, body: MjTask): Promise<void> {
  const [row] = await db
    .select()
    .from(mjPrompt)
    .where(and(eq(mjPrompt.id, promptId), eq(mjPrompt.isDeleted, 0)));
  if (!row || body.id !== row.mjTaskId) return;
  if (body.status === 'SUCCESS' || body.status === 'FAILURE') {
    await syncDrawing(db, binding, row);
    return;
  }
  await applyTask(db, row, { ...body, imageUrl: '', failReason: '' }, binding);
}

/** A drawing charged but never sent (the server stopped between the two) is given up after this long. */
const UNSENT_MS = 120_000;

/**
 * Reads the drawings in flight that have not been heard of for a while (lost notifications), a few per call, and
 * ends (refunding) the ones charged but never sent.
 */
export async function sweepDrawings(
  db: Db,
  binding: MjBinding,
  now = new Date(),
  limit = 20,
): Promise<number> {
  if (!binding.proxy()) return 0;
  const unsent = await db
    .select()
    .from(mjPrompt)
    .where(
      and(
        eq(mjPrompt.isDeleted, 0),
        eq(mjPrompt.mjStatus, 'NOT_START'),
        eq(mjPrompt.mjTaskId, ''),
        lt(mjPrompt.mjSeenTime, new Date(now.getTime() - UNSENT_MS)),
      ),
    )
    .limit(limit);
  for (const r of unsent) await fail(db, r, '绘图任务未能提交到绘图服务');
  const stale = new Date(now.getTime() - STALE_MS);
  const rows = await db
    .select()
    .from(mjPrompt)
    .where(
      and(
        eq(mjPrompt.isDeleted, 0),
        inArray(mjPrompt.mjStatus, ['SUBMITTED', 'IN_PROGRESS']),
        sql`${mjPrompt.mjTaskId} <> ''`,
        or(isNull(mjPrompt.mjSeenTime), lt(mjPrompt.mjSeenTime, stale)),
      ),
    )
    .limit(limit);
  for (const r of rows) {
    try {
      await syncDrawing(db, binding, r);
    } catch {
      // the proxy is down: the next sweep tries again
      await db.update(mjPrompt).set({ mjSeenTime: now }).where(eq(mjPrompt.id, r.id));
    }
  }
  return rows.length;
}
