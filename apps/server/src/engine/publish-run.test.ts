// Publish plans run on the server's own sandboxes (contract dy_publish / xhs_publish triggerJob, robot_run
// PublishTarget; docs/automation-domain.md §4.3): a run takes the unit's next pending item, the simulated robot
// reports its steps, and the item moves pending → submitted → publishing → success with the post's link, or fails
// with the step's reason. Also the limits checked before an item is sent, the daily count, the Xiaohongshu runs
// named by their log group, and the pending items of a removed plan.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, nextId } from '../util';
import {
  dyArr,
  dyPublish,
  dyPublishLog,
  dyPublishTask,
  xhsPublish,
  xhsPublishLogGroup,
  xhsPublishTask,
  xshArr,
} from '../db/schema';
import { backends, contractCall, login, startSandboxedServer, type TestServer } from '../test/harness';
import { until } from '../test/until';

interface Run {
  runId: string;
  arrId: string;
  runStatus: string;
  errorMsg: string;
}
const DY = '/api/smart-dyPublish';
const XHS = '/api/smart-xhsPublish';
const VIDEO = 'https://bucket.oss-cn-hangzhou.aliyuncs.com/pub/v1.mp4';

describe.each(backends)('publish runs on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startSandboxedServer(kind);
    admin = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const db = () => s.handle.db;
  let seq = 0;

  async function dyUnit(robot: string) {
    const arrName = `发布账号-${robot}-${++seq}`;
    const res = await call('POST', '/api/smart-dy/dy_arr/submit', 'dyArrSubmit', admin, {
      arrName,
      robotAccount: robot,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (await db().select().from(dyArr).where(eq(dyArr.arrName, arrName)))[0]!.id;
  }

  async function dyPlan(arrIds: bigint[], extra: object = {}) {
    const taskName = `发布计划-${++seq}`;
    const res = await call<{ id: string }>('POST', `${DY}/dy_publish/save`, 'dyPublishSave', admin, {
      taskName,
      arrIds: arrIds.join(','),
      robotUuid: 'sandbox-app-dy_publish',
      contentType: 1,
      defaultTags: '露营,户外',
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (await db().select().from(dyPublish).where(eq(dyPublish.taskName, taskName)))[0]!.id;
  }

  async function dyItem(planId: bigint, arrId: bigint, extra: object = {}) {
    const title = `露营视频-${++seq}`;
    const res = await call('POST', `${DY}/dy_publish_task/submit`, 'dyPublishTaskSubmit', admin, {
      publishId: String(planId),
      arrId: String(arrId),
      title,
      videoUrl: VIDEO,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (await db().select().from(dyPublishTask).where(eq(dyPublishTask.title, title)))[0]!.id;
  }

  const item = async (id: bigint) =>
    (await db().select().from(dyPublishTask).where(eq(dyPublishTask.id, id)))[0]!;
  const ended = (id: bigint) =>
    until(
      () => item(id),
      (r) => r.publishStatus >= 3,
    );
  const trigger = (id: bigint) =>
    call<{ runs: Run[] }>('POST', `${DY}/dy_publish/triggerJob`, 'dyPublishTriggerJob', admin, {
      id: String(id),
    });

  it('publishes each unit’s next item on its robot; the item follows the steps to success or a reason', async () => {
    const ok = await dyUnit('sim-01@sandbox');
    const partial = await dyUnit('sim-partial@sandbox');
    const plan = await dyPlan([ok, partial]);
    const later = await dyItem(plan, ok, {
      scheduleTime: formatDateTime(new Date(Date.now() + 5 * 3600_000)),
    });
    const now = await dyItem(plan, ok, { tags: '' });
    const other = await dyItem(plan, partial);

    const res = await trigger(plan);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // a Douyin publish run is named by its item; the unscheduled item goes first
    expect(res.body.data.runs.map((r) => [r.runId, r.runStatus])).toEqual([
      [String(now), 'WAITING'],
      [String(other), 'WAITING'],
    ]);

    const done = await ended(now);
    expect(done.publishStatus).toBe(3);
    expect(done.publishedUrl).toMatch(/^https:\/\/www\.douyin\.com\/video\/7[0-9]{18}$/);
    expect(done.publishedUrl.endsWith(done.publishedItemId)).toBe(true);
    expect(done.publishTime).not.toBeNull();
    expect(done.jobUuid).not.toBe('');
    const steps = await db()
      .select()
      .from(dyPublishLog)
      .where(eq(dyPublishLog.publishTaskId, now))
      .orderBy(dyPublishLog.logTime, dyPublishLog.createTime);
    expect(steps.map((l) => [l.step, l.result])).toEqual([
      ['upload', 1],
      ['fill', 1],
      ['submit', 1],
      ['verify', 1],
    ]);
    expect(steps.every((l) => l.publishId === plan && l.arrId === ok && l.jobUuid === done.jobUuid)).toBe(
      true,
    );

    const failed = await ended(other);
    expect(failed.publishStatus).toBe(4);
    expect(failed.failReason).toBe('verify: 提交后未在作品列表找到该作品');
    // the scheduled item waits for the next firing
    expect((await item(later)).publishStatus).toBe(0);

    // the items list shows it as the contract says
    const list = await call<{ records: { id: string; publishStatus: number; publishedUrl: string }[] }>(
      'GET',
      `${DY}/dy_publish_task/list?publishId_equal=${plan}&size=10`,
      'dyPublishTaskList',
      admin,
    );
    expect(list.body.data.records.find((r) => r.id === String(now))).toMatchObject({
      publishStatus: 3,
      publishedUrl: done.publishedUrl,
    });
  });

  it('checks the platform’s limits before sending, keeps the daily count, and says when nothing is pending', async () => {
    const unit = await dyUnit('sim-02@sandbox');
    const plan = await dyPlan([unit], { videosPerDay: 1 });
    const soon = await dyItem(plan, unit, {
      scheduleTime: formatDateTime(new Date(Date.now() + 3600_000)),
    });
    const first = await trigger(plan);
    expect(first.body.data.runs).toEqual([
      {
        runId: String(soon),
        arrId: String(unit),
        runStatus: 'SKIPPED',
        errorMsg: '定时发布时间需至少晚于现在 2 小时',
      },
    ]);
    expect(await item(soon)).toMatchObject({
      publishStatus: 4,
      failReason: '定时发布时间需至少晚于现在 2 小时',
    });

    const empty = await trigger(plan);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, msg: '没有待发布的内容' });

    const a = await dyItem(plan, unit);
    const b = await dyItem(plan, unit);
    expect((await trigger(plan)).body.data.runs[0]).toMatchObject({ runId: String(a), runStatus: 'WAITING' });
    expect((await ended(a)).publishStatus).toBe(3);
    // one a day: the next item waits for tomorrow
    expect((await trigger(plan)).body.data.runs[0]).toMatchObject({
      runId: String(b),
      runStatus: 'SKIPPED',
      errorMsg: '今日已发布 1 条',
    });
    expect((await item(b)).publishStatus).toBe(0);
  });

  it('a timed plan schedules its items over the days, videosPerDay a day at dailyTimes, startDays on', async () => {
    const unit = await dyUnit('sim-03@sandbox');
    const plan = await dyPlan([unit], {
      enableTimer: 1,
      videosPerDay: 2,
      dailyTimes: '20:00,11:00',
      startDays: 1,
    });
    // dates of China days from today on
    const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);
    const china = (d: Date | null) =>
      new Date(d!.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    const byHand = formatDateTime(new Date(`${day(1)}T15:00:00+08:00`));
    const items = [await dyItem(plan, unit), await dyItem(plan, unit), await dyItem(plan, unit)];
    const manual = await dyItem(plan, unit, { scheduleTime: byHand });
    // three unscheduled items and one set by hand: each firing sends one, none is held back for the day
    for (const id of items) {
      const runs = (await trigger(plan)).body.data.runs;
      expect(runs).toEqual([expect.objectContaining({ runId: String(id), runStatus: 'WAITING' })]);
      expect((await ended(id)).publishStatus).toBe(3);
    }
    // the slots: tomorrow 11:00, when the item set by hand for 15:00 fills the day; the day after at 11:00 and 20:00
    const slots = await Promise.all(items.map(async (id) => china((await item(id)).scheduleTime)));
    expect(slots).toEqual([`${day(1)} 11:00`, `${day(2)} 11:00`, `${day(2)} 20:00`]);
    // the robot was told the time, and scheduled the post
    const steps = await db().select().from(dyPublishLog).where(eq(dyPublishLog.publishTaskId, items[0]!));
    expect(steps.map((l) => l.step)).toContain('schedule');
    // the item set by hand keeps its time
    expect(formatDateTime((await item(manual)).scheduleTime)).toBe(byHand);
  });

  it('fails the item of a robot that meets a slider check, and cancels pending items of a removed plan', async () => {
    const unit = await dyUnit('sim-captcha@sandbox');
    const plan = await dyPlan([unit]);
    const a = await dyItem(plan, unit);
    const b = await dyItem(plan, unit);
    expect((await trigger(plan)).body.data.runs[0]!.runStatus).toBe('WAITING');
    expect(await ended(a)).toMatchObject({ publishStatus: 4, failReason: 'submit: 出现滑块验证' });

    const removed = await call('POST', `${DY}/dy_publish/remove?ids=${plan}`, 'dyPublishRemove', admin);
    expect(removed.status).toBe(200);
    expect((await item(b)).publishStatus).toBe(5);
    expect((await item(a)).publishStatus).toBe(4);
  });

  it('publishes failed and cancelled items again after a retry, and only those', async () => {
    const unit = await dyUnit('sim-partial@sandbox');
    const plan = await dyPlan([unit]);
    const failed = await dyItem(plan, unit);
    await trigger(plan);
    expect((await ended(failed)).publishStatus).toBe(4);
    const waiting = await dyItem(plan, unit);
    const retry = (ids: string) =>
      call<{ retried: number }>(
        'POST',
        `${DY}/dy_publish_task/retry?ids=${ids}`,
        'dyPublishTaskRetry',
        admin,
      );
    // the pending one is left as it is; the failed one is pending again, its reason and job cleared
    const res = await retry(`${failed},${waiting}`);
    expect(res.body.data).toEqual({ retried: 1 });
    expect(await item(failed)).toMatchObject({
      publishStatus: 0,
      failReason: '',
      jobUuid: '',
      publishedUrl: '',
    });
    // the retried item is older, so it goes first again
    expect((await trigger(plan)).body.data.runs[0]).toMatchObject({
      runId: String(failed),
      runStatus: 'WAITING',
    });
    await ended(failed);
    // another tenant's failed item is not touched
    const foreign = nextId();
    await db()
      .insert(dyPublishTask)
      .values({ id: foreign, tenantId: '100001', title: '别家的视频', publishStatus: 4, failReason: 'x' });
    expect((await retry(String(foreign))).body.data).toEqual({ retried: 0 });
    expect(await item(foreign)).toMatchObject({ publishStatus: 4, failReason: 'x' });
  });

  it('schedules a plan with updateCron', async () => {
    const unit = await dyUnit('sim-03@sandbox');
    const plan = await dyPlan([unit]);
    const res = await call<{ intervalStatus: string; nextTimes: string[]; nextRunTime: string }>(
      'POST',
      `${DY}/dy_publish/updateCron`,
      'dyPublishUpdateCron',
      admin,
      { id: String(plan), cron: '0 0 11,20 * * ?' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.intervalStatus).toBe('OK');
    expect(res.body.data.nextTimes).toHaveLength(5);
    const [row] = await db().select().from(dyPublish).where(eq(dyPublish.id, plan));
    expect(row!.cron).toBe('0 0 11,20 * * ?');
    expect(row!.jobId).not.toBeNull();
  });

  it('runs a Xiaohongshu plan: its runs are log groups, an image note needs its images', async () => {
    const arrName = `小红书发布-${++seq}`;
    await call('POST', '/api/smart-xhs/xsh_arr/submit', 'xshArrSubmit', admin, {
      arrName,
      robotAccount: 'sim-01@sandbox',
    });
    const unit = (await db().select().from(xshArr).where(eq(xshArr.arrName, arrName)))[0]!.id;
    const taskName = `小红书计划-${++seq}`;
    const saved = await call('POST', `${XHS}/xhs_publish/submit`, 'xhsPublishSubmit', admin, {
      taskName,
      arrIds: String(unit),
      robotUuid: 'sandbox-app-xhs_publish',
      contentType: 2,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const plan = (await db().select().from(xhsPublish).where(eq(xhsPublish.taskName, taskName)))[0]!.id;
    const add = async (title: string, extra: object) => {
      const r = await call('POST', `${XHS}/xhs_publish_task/submit`, 'xhsPublishTaskSubmit', admin, {
        publishId: String(plan),
        arrId: String(unit),
        title,
        imageUrls: ['https://bucket.oss-cn-hangzhou.aliyuncs.com/pub/1.jpg'],
        ...extra,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const rows = await db()
        .select()
        .from(xhsPublishTask)
        .where(and(eq(xhsPublishTask.publishId, plan), eq(xhsPublishTask.title, title)));
      return rows[0]!.id;
    };
    // the contract already refuses an item of more than 10 tags; an image note without images is the engine's to catch
    const noImages = await add(`没有图片-${seq}`, { imageUrls: [] });
    const fine = await add(`周末露营-${seq}`, { tags: '露营,户外' });

    const call1 = await call<{ runs: Run[] }>(
      'POST',
      `${XHS}/xhs_publish/triggerJob`,
      'xhsPublishTriggerJob',
      admin,
      {
        id: String(plan),
      },
    );
    expect(call1.body.data.runs[0]).toMatchObject({ runStatus: 'SKIPPED', errorMsg: '图文作品缺少图片' });
    const call2 = await call<{ runs: Run[] }>(
      'POST',
      `${XHS}/xhs_publish/triggerJob`,
      'xhsPublishTriggerJob',
      admin,
      {
        id: String(plan),
      },
    );
    const run = call2.body.data.runs[0]!;
    expect(run.runStatus).toBe('WAITING');
    const group = await until(
      async () =>
        (
          await db()
            .select()
            .from(xhsPublishLogGroup)
            .where(eq(xhsPublishLogGroup.id, BigInt(run.runId)))
        )[0]!,
      (g) => g.runStatus === 'SUCCESS',
    );
    expect(group).toMatchObject({ runStatus: 'SUCCESS', successCount: 1, plannedCount: 1, publishId: plan });
    const [published] = await db().select().from(xhsPublishTask).where(eq(xhsPublishTask.id, fine));
    expect(published!.publishStatus).toBe(3);
    expect(published!.publishedUrl).toMatch(/^https:\/\/www\.xiaohongshu\.com\/explore\/[0-9a-f]{24}$/);
    const [refused] = await db().select().from(xhsPublishTask).where(eq(xhsPublishTask.id, noImages));
    expect(refused!.publishStatus).toBe(4);
  });
});
