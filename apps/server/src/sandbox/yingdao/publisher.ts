/**
 * The simulated robot of a publish run (docs/automation-domain.md §4.3; robot_run PublishTarget): it goes through
 * the steps of the platform's upload page for the run's item and reports each one with `run/log` as it happens, so
 * the item moves to publishing and then to success with the post's link. The robot's scenario decides the outcome:
 * `partial` cannot find the post after submitting, `captcha` meets a slider check on submit (the job fails).
 */
import { formatDateTime } from '../../util';
import { paramValue, type ResolvedOptions, type SimJob } from './model';
import { pause, type RobotCall } from './robot';

interface Target {
  id: string;
  title: string;
  contentType: number;
  videoUrl: string;
  imageCount: number;
  hasCover: boolean;
  scheduleTime: string;
}

function readTargets(v: unknown): Target[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((x) => {
    const t = (typeof x === 'object' && x !== null ? x : {}) as Record<string, unknown>;
    const p = (typeof t.publish === 'object' && t.publish !== null ? t.publish : undefined) as
      Record<string, unknown> | undefined;
    if (t.kind !== 'publish' || !p) return [];
    const str = (y: unknown) => (typeof y === 'string' ? y : '');
    return [
      {
        id: str(t.id),
        title: str(p.title),
        contentType: p.contentType === 2 ? 2 : 1,
        videoUrl: str(p.videoUrl),
        imageCount: Array.isArray(p.imageUrls) ? p.imageUrls.length : 0,
        hasCover: !!(str(p.coverPortraitUrl) || str(p.coverLandscapeUrl)),
        scheduleTime: str(p.scheduleTime),
      },
    ];
  });
}

/** A link of the kind the platform gives a new post. */
function postOf(taskType: string, random: () => number) {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  if (taskType.startsWith('xhs')) {
    const id = hex(24);
    return { itemId: id, itemUrl: `https://www.xiaohongshu.com/explore/${id}` };
  }
  const id = `7${digits(18)}`;
  return { itemId: id, itemUrl: `https://www.douyin.com/video/${id}` };
}

export async function publishItems(call: RobotCall, targets: unknown, job: SimJob, o: ResolvedOptions) {
  const taskType = paramValue(job, 'taskType') ?? '';
  const scenario = job.robot?.scenario ?? 'ok';
  let published = 0;
  let failed = 0;
  const report = (row: Record<string, unknown>) =>
    call('POST', '/api/smart-robot/run/log', {
      actions: [{ ...row, actionTime: formatDateTime(new Date()) }],
    });
  for (const t of readTargets(targets)) {
    const steps: string[] = ['upload', 'fill'];
    if (t.hasCover) steps.push('cover');
    if (t.scheduleTime) steps.push('schedule');
    steps.push('submit');
    for (const step of steps) {
      await pause(o.paceMs, job.stop.signal);
      if (job.stop.signal.aborted || job.done.signal.aborted)
        return { status: 'stopped' as const, remark: '任务已被手动停止', message: '', published, failed };
      const base = { targetId: t.id, itemTitle: t.title, step };
      if (step === 'upload' && t.contentType === 1 && !t.videoUrl) {
        await report({ ...base, result: 0, failReason: '没有视频文件' });
        failed++;
        break;
      }
      if (step === 'submit' && scenario === 'captcha') {
        await report({ ...base, result: 0, failReason: '出现滑块验证' });
        failed++;
        // the account needs the check passed by hand: said with the counts, as the action robot does
        await call('POST', '/api/smart-robot/run/finish', {
          successCount: published,
          failCount: failed,
          skipCount: 0,
          message: '出现滑块验证',
          verification: true,
        });
        return {
          status: 'error' as const,
          remark: '出现滑块验证',
          message: '出现滑块验证',
          published,
          failed,
        };
      }
      await report({ ...base, result: 1 });
      if (step !== 'submit') continue;
      await pause(o.paceMs, job.stop.signal);
      if (scenario === 'partial') {
        await report({ ...base, step: 'verify', result: 0, failReason: '提交后未在作品列表找到该作品' });
        failed++;
      } else {
        await report({ ...base, step: 'verify', result: 1, ...postOf(taskType, o.random) });
        published++;
      }
    }
  }
  const message = `发布完成: 成功${published},失败${failed}`;
  const fin = await call('POST', '/api/smart-robot/run/finish', {
    successCount: published,
    failCount: failed,
    skipCount: 0,
    message,
  });
  return {
    status: 'finish' as const,
    remark: fin.ok ? '' : `结果上报失败: ${fin.msg}`,
    message,
    published,
    failed,
  };
}
