/**
 * The simulated robot of a live run (robot_run LiveTarget; src/engine/robot-api/live-run.ts): it enters the room,
 * sends the run's danmaku (each text from `run/comment`), taps the likes, follows the anchor if asked and leaves,
 * reporting each step with `run/log` as it happens. The stay is the sandbox's pace, not the task's minutes: a demo
 * visit takes seconds. The robot's scenario decides the outcome: `partial` has every third danmaku refused by the
 * room, `failing` an account the platform does not let speak, `captcha` meets a slider check on entering.
 */
import { formatDateTime } from '../../util';
import type { ActionCounts, ResolvedOptions, SimJob } from './model';
import { pause, type RobotCall } from './robot';

interface Visit {
  url: string;
  anchor: string;
  danmaku: number;
  likeTaps: number;
  followAnchor: boolean;
}

function readVisit(targets: unknown, count: number): Visit | undefined {
  const t = (Array.isArray(targets) ? targets : []).find(
    (x: unknown) => typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'live',
  ) as Record<string, unknown> | undefined;
  const live =
    t && typeof t.live === 'object' && t.live !== null ? (t.live as Record<string, unknown>) : undefined;
  if (!t || !live) return undefined;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0);
  return {
    url: typeof t.value === 'string' ? t.value : '',
    anchor: typeof t.title === 'string' ? t.title : '',
    danmaku: count,
    likeTaps: num(live.likeTaps),
    followAnchor: live.followAnchor === 1,
  };
}

const PARTIAL_REASON = '弹幕发送失败: 发言太频繁';
const FAILING_REASON = '弹幕发送失败: 账号被禁言';

export interface VisitOutcome {
  status: 'finish' | 'error' | 'stopped';
  remark: string;
  message: string;
  counts: ActionCounts;
}

export async function visitLive(
  call: RobotCall,
  data: Record<string, unknown>,
  count: number,
  job: SimJob,
  o: ResolvedOptions,
): Promise<VisitOutcome> {
  const counts: ActionCounts = { success: 0, fail: 0, skip: 0 };
  const scenario = job.robot?.scenario ?? 'ok';
  const visit = readVisit(data.targets, Math.min(count, o.maxActions));
  const finish = async (message: string, verification = false) => {
    const r = await call('POST', '/api/smart-robot/run/finish', {
      successCount: counts.success,
      failCount: counts.fail,
      skipCount: counts.skip,
      message,
      ...(verification ? { verification: true } : {}),
    });
    return r;
  };
  if (!visit || !visit.url) {
    await finish('没有直播间地址');
    return { status: 'error', remark: '没有直播间地址', message: '没有直播间地址', counts };
  }
  const report = async (liveAction: string, result: 0 | 1, content = '', failReason = '') => {
    if (result === 1) counts.success++;
    else counts.fail++;
    await call('POST', '/api/smart-robot/run/log', {
      actions: [
        {
          liveAction,
          itemUrl: visit.url,
          result,
          ...(content ? { content } : {}),
          ...(failReason ? { failReason } : {}),
          actionTime: formatDateTime(new Date()),
        },
      ],
    });
  };
  const stopped = () => job.stop.signal.aborted || job.done.signal.aborted;
  const stoppedOutcome = (): VisitOutcome => ({
    status: 'stopped',
    remark: '任务已被手动停止',
    message: '',
    counts,
  });

  await pause(o.paceMs, job.stop.signal);
  if (stopped()) return stoppedOutcome();
  if (scenario === 'captcha') {
    await report('enter', 0, '', '进入直播间时出现滑块验证');
    await finish('出现滑块验证', true);
    return { status: 'error', remark: '出现滑块验证', message: '出现滑块验证', counts };
  }
  await report('enter', 1, visit.anchor);

  for (let i = 1; i <= visit.danmaku; i++) {
    await pause(o.paceMs, job.stop.signal);
    if (stopped()) return stoppedOutcome();
    const c = await call('POST', '/api/smart-robot/run/comment', { itemTitle: visit.anchor });
    const text = typeof c.data.content === 'string' ? c.data.content : '';
    if (!c.ok || !text) {
      await report('danmaku', 0, '', c.ok ? '弹幕内容为空' : c.msg);
      continue;
    }
    if (scenario === 'failing') await report('danmaku', 0, text, FAILING_REASON);
    else if (scenario === 'partial' && i % 3 === 0) await report('danmaku', 0, text, PARTIAL_REASON);
    else await report('danmaku', 1, text);
  }
  if (visit.likeTaps > 0) {
    await pause(o.paceMs, job.stop.signal);
    if (stopped()) return stoppedOutcome();
    await report('like', 1, String(visit.likeTaps));
  }
  if (visit.followAnchor) await report('follow', 1, visit.anchor);
  await report('leave', 1);
  const message = `直播互动完成: 成功${counts.success},失败${counts.fail}`;
  const fin = await finish(message);
  return { status: 'finish', remark: fin.ok ? '' : `结果上报失败: ${fin.msg}`, message, counts };
}
