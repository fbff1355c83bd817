/**
 * A simulated robot executing one job the way our Yingdao apps do (src/engine/README.md "The robot-facing protocol",
 * docs/automation-domain.md §3.10): with the job's `apiBase` and `runToken` it fetches the run's targets, performs up
 * to `settings.count` actions (asking for a comment text first when the run comments), reports the action rows in
 * batches, and reports its counts at the end. The robot's scenario (model.ts) decides which actions fail. Publish
 * runs (./publisher.ts) and live visits (./live-visit.ts) follow their own steps.
 */
import { formatDateTime } from '../../util';
import { planItems, type FeedItem, type RunTarget } from './feed';
import { publishItems } from './publisher';
import { visitLive } from './live-visit';
import { paramValue, type ActionCounts, type ResolvedOptions, type SimJob } from './model';

export interface RobotOutcome {
  status: 'finish' | 'error' | 'stopped';
  remark: string;
  counts: ActionCounts;
  message: string;
}

interface Settings {
  count: number;
  minIntervalSec: number;
  maxIntervalSec: number;
  likeBeforeComment: number;
  needComment: boolean;
  /** Failed actions in a row that end the run (RunSettings.maxConsecutiveFail); 0: no such limit. */
  maxConsecutiveFail: number;
}

interface ActionRow {
  targetId?: string;
  itemId: string;
  itemUrl: string;
  itemTitle: string;
  authorName: string;
  keyword?: string;
  content?: string;
  commentSource?: number;
  pictureUrl?: string;
  staySec?: number;
  isLiked: 0 | 1;
  result: 0 | 1 | 2;
  failReason?: string;
  actionTime: string;
}

interface Reply {
  ok: boolean;
  msg: string;
  data: Record<string, unknown>;
}

/** Consecutive comment failures after which the robot gives up (power exhausted, or the model keeps failing). */
const MAX_COMMENT_FAILURES = 3;
const CAPTCHA_AFTER = 2;
const PARTIAL_FAILS = ['评论被折叠', '作品已删除', '评论发送失败: 网络异常'];
/** Why every comment of the failing robot is not posted (a platform account under restriction). */
const FAILING_REASON = '评论发送失败: 账号被限制评论';

/** Resolves after `ms`, or at once when `signal` fires (a stop request wakes the robot). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    t.unref();
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export type RobotCall = ReturnType<typeof robotApi>;

function robotApi(apiBase: string, runToken: string, job: SimJob, o: ResolvedOptions) {
  const base = apiBase.replace(/\/+$/, '');
  return async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> => {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${runToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.any([job.done.signal, AbortSignal.timeout(o.robotRequestTimeoutMs)]),
      });
      const env = (await res.json().catch(() => ({}))) as { code?: unknown; msg?: unknown; data?: unknown };
      const ok = res.ok && env.code === 200;
      const msg = typeof env.msg === 'string' && env.msg !== '' ? env.msg : `HTTP ${res.status}`;
      const data =
        typeof env.data === 'object' && env.data !== null ? (env.data as Record<string, unknown>) : {};
      return { ok, msg, data };
    } catch (err) {
      return { ok: false, msg: `无法连接服务器: ${(err as Error).message}`, data: {} };
    }
  };
}

function readSettings(v: unknown): Settings | undefined {
  const s = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  if (typeof s.count !== 'number' || !Number.isFinite(s.count)) return undefined;
  const min = typeof s.minIntervalSec === 'number' ? Math.max(0, s.minIntervalSec) : 5;
  const max = typeof s.maxIntervalSec === 'number' ? Math.max(min, s.maxIntervalSec) : min + 20;
  return {
    count: Math.max(0, Math.floor(s.count)),
    minIntervalSec: min,
    maxIntervalSec: max,
    likeBeforeComment: s.likeBeforeComment === 1 ? 1 : 0,
    needComment: s.needComment === true,
    maxConsecutiveFail:
      typeof s.maxConsecutiveFail === 'number' ? Math.max(0, Math.floor(s.maxConsecutiveFail)) : 0,
  };
}

function readTargets(v: unknown): RunTarget[] {
  if (!Array.isArray(v)) return [];
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  return v.flatMap((t) => {
    const o = (typeof t === 'object' && t !== null ? t : {}) as Record<string, unknown>;
    const kind = o.kind === 'url' || o.kind === 'keyword' || o.kind === 'feed' ? o.kind : undefined;
    return kind
      ? [{ id: str(o.id), kind, value: str(o.value), itemId: str(o.itemId), title: str(o.title) }]
      : [];
  });
}

/** Runs `job` on its robot; never throws (a failure is an `error` outcome). */
export async function runRobot(job: SimJob, o: ResolvedOptions): Promise<RobotOutcome> {
  const counts: ActionCounts = { success: 0, fail: 0, skip: 0 };
  const end = (status: RobotOutcome['status'], remark: string, message = remark): RobotOutcome => ({
    status,
    remark,
    counts,
    message,
  });
  const apiBase = paramValue(job, 'apiBase');
  const runToken = paramValue(job, 'runToken');
  if (!apiBase || !runToken) return end('error', '应用参数缺少 apiBase 或 runToken,机器人无法获取任务');
  const call = robotApi(apiBase, runToken, job, o);

  const t = await call('GET', '/api/smart-robot/run/targets');
  const settings = t.ok ? readSettings(t.data.settings) : undefined;
  if (!settings) return end('error', `获取任务目标失败: ${t.ok ? '返回格式错误' : t.msg}`);
  const taskType =
    typeof t.data.taskType === 'string' ? t.data.taskType : (paramValue(job, 'taskType') ?? '');
  if (taskType.endsWith('_publish')) {
    const outcome = await publishItems(call, t.data.targets, job, o);
    counts.success = outcome.published;
    counts.fail = outcome.failed;
    return end(outcome.status, outcome.remark, outcome.message);
  }
  if (taskType === 'dy_live') {
    const outcome = await visitLive(call, t.data, settings.count, job, o);
    Object.assign(counts, outcome.counts);
    return end(outcome.status, outcome.remark, outcome.message);
  }
  const items = planItems(
    taskType,
    readTargets(t.data.targets),
    Math.min(settings.count, o.maxActions),
    o.random,
  );

  const pending: ActionRow[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const r = await call('POST', '/api/smart-robot/run/log', { actions: pending });
    if (r.ok) pending.length = 0; // else kept for the next flush
  };

  const scenario = job.robot?.scenario ?? 'ok';
  let failures = 0;
  // failed actions in a row (a skip neither breaks nor extends it), against the task's risk limit
  let streak = 0;
  let stopReason: { status: 'error' | 'stopped'; remark: string } | undefined;
  // the control strategy refused a comment (run/comment limitReason): the item skipped, the run ends here
  let limited: string | undefined;
  // …or lowered the run's count before it began (run/targets settings.limitReason): said in the closing message
  const planned = (t.data.settings as { limitReason?: unknown } | undefined)?.limitReason;
  for (let i = 0; i < items.length && !limited; i++) {
    await pause(o.paceMs, job.stop.signal);
    if (job.stop.signal.aborted || job.done.signal.aborted) {
      stopReason = { status: 'stopped', remark: '任务已被手动停止' };
      break;
    }
    if (scenario === 'captcha' && i === CAPTCHA_AFTER) {
      stopReason = { status: 'error', remark: '出现滑块验证' };
      break;
    }
    const row = await act(items[i]!, i, settings);
    pending.push(row);
    if (row.result === 1) counts.success++;
    else if (row.result === 2) counts.skip++;
    else counts.fail++;
    if (row.result === 0) streak++;
    else if (row.result === 1) streak = 0;
    if (pending.length >= o.logBatchSize) await flush();
    if (settings.maxConsecutiveFail > 0 && streak >= settings.maxConsecutiveFail) {
      stopReason = { status: 'error', remark: `风控限制：连续失败 ${streak} 次，本次运行停止` };
      break;
    }
    if (failures >= MAX_COMMENT_FAILURES) {
      stopReason = {
        status: 'error',
        remark: `连续${MAX_COMMENT_FAILURES}次获取评论失败: ${row.failReason}`,
      };
      break;
    }
  }
  // the captcha robot always meets its slider check, also in a run shorter than two actions
  if (scenario === 'captcha' && !stopReason) stopReason = { status: 'error', remark: '出现滑块验证' };
  await flush();
  const unsent = pending.length;
  const note = unsent > 0 ? `;${unsent}条动作日志上报失败` : '';

  // a stopped robot is killed mid-run, as Yingdao's stop does: the rows already reported stay, no finish call
  if (stopReason?.status === 'stopped') return end('stopped', stopReason.remark + note);
  const done =
    `执行完成: 成功${counts.success},失败${counts.fail},跳过${counts.skip}` +
    (limited ? `;${limited}` : typeof planned === 'string' && planned ? `;${planned}` : '');
  const message = (stopReason?.remark ?? done) + note;
  const fin = await call('POST', '/api/smart-robot/run/finish', {
    successCount: counts.success,
    failCount: counts.fail,
    skipCount: counts.skip,
    message,
    // the slider check is the account's: the engine keeps the unit out of runs until an operator has passed it
    ...(scenario === 'captcha' ? { verification: true } : {}),
  });
  if (stopReason) return end('error', stopReason.remark, message);
  return end('finish', fin.ok ? '' : `结果上报失败: ${fin.msg}`, message);

  async function act(item: FeedItem, i: number, s: Settings): Promise<ActionRow> {
    const span = s.maxIntervalSec - s.minIntervalSec;
    const row: ActionRow = {
      ...(item.targetId ? { targetId: item.targetId } : {}),
      itemId: item.itemId,
      itemUrl: item.itemUrl,
      itemTitle: item.itemTitle,
      authorName: item.authorName,
      ...(item.keyword ? { keyword: item.keyword } : {}),
      staySec: Math.round(s.minIntervalSec + o.random() * span),
      isLiked: 0,
      result: 1,
      actionTime: formatDateTime(new Date()),
    };
    const n = i + 1;
    if (scenario === 'partial' && n % 5 === 0) {
      return { ...row, result: 2, failReason: '作品已关闭评论,跳过' };
    }
    row.isLiked = s.likeBeforeComment === 1 ? 1 : 0;
    if (s.needComment) {
      const c = await call('POST', '/api/smart-robot/run/comment', {
        ...(item.targetId ? { targetId: item.targetId } : {}),
        itemTitle: item.itemTitle,
        itemDesc: item.itemDesc,
        ...(item.keyword ? { keyword: item.keyword } : {}),
      });
      const content = typeof c.data.content === 'string' ? c.data.content : '';
      if (c.ok && typeof c.data.limitReason === 'string' && c.data.limitReason) {
        limited = c.data.limitReason;
        return { ...row, result: 2, failReason: limited };
      }
      if (!c.ok || content === '') {
        failures++;
        return { ...row, result: 0, failReason: c.ok ? '评论内容为空' : c.msg };
      }
      failures = 0;
      row.content = content;
      if (typeof c.data.source === 'number') row.commentSource = c.data.source;
      // an image comment: the image posted with the text
      if (typeof c.data.pictureUrl === 'string' && c.data.pictureUrl) row.pictureUrl = c.data.pictureUrl;
      if (scenario === 'failing') return { ...row, result: 0, failReason: FAILING_REASON };
    }
    if (scenario === 'partial' && n % 3 === 0) {
      return { ...row, result: 0, failReason: PARTIAL_FAILS[(n / 3 - 1) % PARTIAL_FAILS.length]! };
    }
    return row;
  }
}
