/**
 * The sandbox Yingdao's simulated robots executing jobs against a fake of our robot-facing API
 * (src/engine/README.md "The robot-facing protocol"), its callbacks (docs/automation-domain.md §3.1 "Callback"),
 * and its control endpoint and page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { YdCallback } from '../../engine/yingdao/types';
import { TEST_APP, loggedActions, startYingdaoHarness, type FakeRun, type Harness } from './testing';

let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function harness(o: Parameters<typeof startYingdaoHarness>[0] = {}) {
  h = await startYingdaoHarness(o);
  return h;
}

/** Starts a job of the test app on `accountName` whose robot runs `run`; answers its jobUuid. */
async function start(
  t: Harness,
  accountName: string,
  runToken: string,
  run: Partial<FakeRun> = {},
  extra: { waitTimeoutSeconds?: number; runTimeout?: number } = {},
) {
  const { jobUuid } = await t.client().startJob({
    robotUuid: TEST_APP,
    accountName,
    idempotentUuid: runToken,
    params: t.jobParams(runToken, run),
    ...extra,
  });
  return jobUuid;
}

const settings = (count: number, needComment = true) => ({
  count,
  minIntervalSec: 3,
  maxIntervalSec: 8,
  likeBeforeComment: 1 as const,
  needComment,
});

const finishOf = (t: Harness, runToken: string) =>
  t.robotCalls.filter((c) => c.runToken === runToken && c.path === 'finish').map((c) => c.body);

describe('simulated robots', () => {
  it('an idle robot comments on every item, logs in batches, reports its counts and gets called back', async () => {
    const t = await harness({ logBatchSize: 5 });
    const jobUuid = await start(t, 'sim-01@sandbox', 'rt-ok', { settings: settings(12) });
    const job = await t.sandbox.waitFor(jobUuid, (j) => j.status === 'finish' && j.callback.delivered);

    const calls = t.robotCalls.filter((c) => c.runToken === 'rt-ok').map((c) => c.path);
    expect(calls.filter((p) => p === 'comment')).toHaveLength(12);
    expect(calls.filter((p) => p === 'log')).toHaveLength(3); // 5 + 5 + 2
    expect(calls[0]).toBe('targets');
    expect(calls.at(-1)).toBe('finish');
    const rows = loggedActions(t, 'rt-ok');
    expect(rows).toHaveLength(12);
    for (const r of rows) {
      expect(r).toMatchObject({ result: 1, isLiked: 1, commentSource: 1 });
      expect(r.itemId).toMatch(/^7\d{18}$/); // invented feed items: no targets
      expect(r.itemUrl).toBe(`https://www.douyin.com/video/${r.itemId as string}`);
      expect(r.content).toMatch(/^说得真好/);
      expect(r.actionTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(r.staySec).toBeGreaterThanOrEqual(3);
      expect(r.staySec).toBeLessThanOrEqual(8);
    }
    expect(finishOf(t, 'rt-ok')).toEqual([
      { successCount: 12, failCount: 0, skipCount: 0, message: expect.stringContaining('成功12') },
    ]);
    expect(job.outputs[0]).toEqual({ name: 'successCount', value: '12', type: 'int' });

    const cb = t.callbacks.find((x) => x.jobUuid === jobUuid)!;
    expect(cb).toMatchObject({
      dataType: 'job',
      status: 'finish',
      idempotentUuid: 'rt-ok',
      robotClientName: 'sim-01@sandbox',
      robotUuid: TEST_APP,
      robotName: '抖音评论(模拟)',
      screenshotUrl: '',
    });
    expect(cb.result).toEqual(job.outputs);
    expect(cb.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('acts on the URL targets once each, and searches keyword targets', async () => {
    const t = await harness();
    const urls = await start(t, 'sim-01@sandbox', 'rt-url', {
      settings: settings(5),
      targets: [
        {
          id: '11',
          kind: 'url',
          value: 'https://www.douyin.com/video/7000000000000000001',
          itemId: '7000000000000000001',
          title: '目标作品一',
        },
        {
          id: '12',
          kind: 'url',
          value: 'https://www.douyin.com/video/7000000000000000002',
          itemId: '',
          title: '',
        },
      ],
    });
    const words = await start(t, 'sim-02@sandbox', 'rt-kw', {
      taskType: 'xsh_comm',
      settings: settings(4, false),
      targets: [{ id: '21', kind: 'keyword', value: '露营装备', itemId: '', title: '' }],
    });
    await t.sandbox.waitForStatus(urls, 'finish');
    await t.sandbox.waitForStatus(words, 'finish');

    const byUrl = loggedActions(t, 'rt-url');
    expect(byUrl.map((r) => [r.targetId, r.itemUrl])).toEqual([
      ['11', 'https://www.douyin.com/video/7000000000000000001'],
      ['12', 'https://www.douyin.com/video/7000000000000000002'],
    ]);
    expect(byUrl[0]).toMatchObject({ itemId: '7000000000000000001', itemTitle: '目标作品一' });
    const comments = t.robotCalls.filter((c) => c.runToken === 'rt-url' && c.path === 'comment');
    expect(comments[0]!.body).toMatchObject({ targetId: '11', itemTitle: '目标作品一' });

    const byWord = loggedActions(t, 'rt-kw');
    expect(byWord).toHaveLength(4);
    for (const r of byWord) {
      expect(r).toMatchObject({ targetId: '21', keyword: '露营装备', result: 1 });
      expect(r.itemUrl).toMatch(/^https:\/\/www\.xiaohongshu\.com\/explore\/7\d{18}$/);
      expect(r.content).toBeUndefined(); // a browse run asks for no comment
    }
    expect(t.robotCalls.some((c) => c.runToken === 'rt-kw' && c.path === 'comment')).toBe(false);
    // every robot call carried the run token
    expect(t.robotCalls.every((c) => c.runToken.startsWith('rt-'))).toBe(true);
  });

  it('the partial robot fails and skips some actions but finishes', async () => {
    const t = await harness();
    const jobUuid = await start(t, 'sim-partial@sandbox', 'rt-partial', { settings: settings(10) });
    const job = await t.sandbox.waitForStatus(jobUuid, 'finish');
    const rows = loggedActions(t, 'rt-partial');
    expect(rows.map((r) => r.result)).toEqual([1, 1, 0, 1, 2, 0, 1, 1, 0, 2]);
    expect(rows[2]!.failReason).toBe('评论被折叠');
    expect(rows[4]!.failReason).toContain('跳过');
    expect(job.counts).toEqual({ success: 5, fail: 3, skip: 2 });
    expect(finishOf(t, 'rt-partial')[0]).toMatchObject({ successCount: 5, failCount: 3, skipCount: 2 });
  });

  it("the failing robot ends the run after the settings' failures in a row, and goes on without a limit", async () => {
    const t = await harness();
    const limited = await start(t, 'sim-failing@sandbox', 'rt-failing', {
      settings: { ...settings(8), maxConsecutiveFail: 3 },
    });
    const job = await t.sandbox.waitFor(limited, (j) => j.status === 'error' && j.callback.delivered);
    expect(job.remark).toBe('风控限制：连续失败 3 次，本次运行停止');
    const rows = loggedActions(t, 'rt-failing');
    expect(rows.map((r) => [r.result, r.failReason])).toEqual(
      Array(3).fill([0, '评论发送失败: 账号被限制评论']),
    );
    expect(finishOf(t, 'rt-failing')[0]).toMatchObject({ successCount: 0, failCount: 3, skipCount: 0 });

    const free = await start(t, 'sim-failing@sandbox', 'rt-free', { settings: settings(5) });
    await t.sandbox.waitForStatus(free, 'finish');
    expect(loggedActions(t, 'rt-free').map((r) => r.result)).toEqual([0, 0, 0, 0, 0]);
  });

  it('the captcha robot stops with an error after two actions', async () => {
    const t = await harness();
    const jobUuid = await start(t, 'sim-captcha@sandbox', 'rt-captcha', { settings: settings(8) });
    const job = await t.sandbox.waitFor(jobUuid, (j) => j.status === 'error' && j.callback.delivered);
    expect(job.remark).toBe('出现滑块验证');
    expect(loggedActions(t, 'rt-captcha')).toHaveLength(2);
    expect(finishOf(t, 'rt-captcha')).toEqual([
      { successCount: 2, failCount: 0, skipCount: 0, message: '出现滑块验证', verification: true },
    ]);
    expect(job.screenshotUrl).toBe(`${t.yingdaoUrl}/screenshot/${jobUuid}.svg`);
    const shot = await fetch(job.screenshotUrl);
    expect(shot.headers.get('content-type')).toContain('image/svg+xml');
    expect(await shot.text()).toContain('出现滑块验证');
    const cb = t.callbacks.find((x) => x.jobUuid === jobUuid)!;
    expect(cb).toMatchObject({ status: 'error', msg: '出现滑块验证', screenshotUrl: job.screenshotUrl });
  });

  it('the offline robot never runs: the job waits and ends error after its wait timeout', async () => {
    const t = await harness({ secondMs: 2 });
    const before = Date.now();
    const jobUuid = await start(t, 'sim-offline@sandbox', 'rt-offline', {}, { waitTimeoutSeconds: 60 });
    const job = await t.sandbox.waitForStatus(jobUuid, 'error');
    expect(job.robot).toBeUndefined();
    expect(Date.now() - before).toBeGreaterThanOrEqual(110); // 60 "seconds" of 2 ms
    expect(job.remark).toContain('机器人未连接');
    expect(job.startTime).toBeUndefined();
    expect(t.robotCalls.filter((c) => c.runToken === 'rt-offline')).toHaveLength(0);
  });

  it('gives up after three comment failures in a row (power exhausted)', async () => {
    const t = await harness();
    const jobUuid = await start(t, 'sim-01@sandbox', 'rt-power', {
      settings: settings(10),
      failComments: true,
      commentFailMsg: '算力不足,请充值',
    });
    const job = await t.sandbox.waitForStatus(jobUuid, 'error');
    expect(job.remark).toBe('连续3次获取评论失败: 算力不足,请充值');
    const rows = loggedActions(t, 'rt-power');
    expect(rows.map((r) => [r.result, r.failReason])).toEqual([
      [0, '算力不足,请充值'],
      [0, '算力不足,请充值'],
      [0, '算力不足,请充值'],
    ]);
    expect(finishOf(t, 'rt-power')[0]).toMatchObject({ successCount: 0, failCount: 3 });
  });

  it('runs one job at a time per robot, a group job on any free robot, and times out a long run', async () => {
    const t = await harness({ paceMs: 5 });
    const first = await start(t, 'sim-01@sandbox', 'rt-a', { settings: settings(6) });
    const second = await start(t, 'sim-01@sandbox', 'rt-b', { settings: settings(1) });
    // checked at the very change: when the second job starts, the first one has ended
    await t.sandbox.waitForStatus(second, 'running');
    expect(t.sandbox.job(first)!.status).toBe('finish');
    await t.sandbox.waitForStatus(second, 'finish');
    expect(t.sandbox.job(second)!.startTime!.getTime()).toBeGreaterThanOrEqual(
      t.sandbox.job(first)!.endTime!.getTime(),
    );

    const group = (await t.client().listClientGroups()).list[0]!.robotClientGroupUuid;
    const { jobUuid } = await t.client().startJob({
      robotUuid: TEST_APP,
      robotClientGroupUuid: group,
      idempotentUuid: 'rt-group',
      params: t.jobParams('rt-group', { settings: settings(1) }),
    });
    const grouped = await t.sandbox.waitForStatus(jobUuid, 'finish');
    expect(grouped.robot?.accountName).toMatch(/^sim-0[123]@sandbox$/);

    const slow = await start(t, 'sim-02@sandbox', 'rt-slow', { settings: settings(100) }, { runTimeout: 60 });
    const timedOut = await t.sandbox.waitForStatus(slow, 'error');
    expect(timedOut.remark).toBe('运行超时(60秒)');
  });

  it('a job without apiBase/runToken fails with a clear remark', async () => {
    const t = await harness();
    const { jobUuid } = await t.client().startJob({
      robotUuid: TEST_APP,
      accountName: 'sim-01@sandbox',
      idempotentUuid: 'bare',
      params: [{ name: 'taskType', value: 'dy_comm', type: 'str' }],
    });
    expect((await t.sandbox.waitForStatus(jobUuid, 'error')).remark).toContain('apiBase');
  });
});

describe('callbacks', () => {
  it('retries a refused callback three times, then gives up', async () => {
    const t = await harness();
    t.refuseCallbacks = 2;
    const a = await start(t, 'sim-01@sandbox', 'rt-cb1', { settings: settings(1) });
    const delivered = await t.sandbox.waitFor(a, (j) => j.callback.delivered);
    expect(delivered.callback.attempts).toBe(3);
    expect(t.callbacks.filter((x) => x.jobUuid === a)).toHaveLength(3);

    t.refuseCallbacks = 100;
    const b = await start(t, 'sim-02@sandbox', 'rt-cb2', { settings: settings(1) });
    const failed = await t.sandbox.waitFor(b, (j) => j.callback.attempts === 4);
    await new Promise((r) => setTimeout(r, 100)); // no fifth attempt comes
    expect(failed.callback).toMatchObject({ attempts: 4, delivered: false, lastError: 'HTTP 500' });
    expect(t.callbacks.filter((x: YdCallback) => x.jobUuid === b)).toHaveLength(4);
  });
});

describe('control endpoint and page', () => {
  it('injects 429s, forces a status, and answers 400 envelopes to bad orders', async () => {
    const t = await harness({ paceMs: 50 });
    const post = async (body: unknown) => {
      const res = await fetch(`${t.yingdaoUrl}/_control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (await res.json()) as { code: number; success: boolean; msg: string },
      };
    };
    expect((await post({ action: 'rateLimit', count: 1, retryAfterSec: 0 })).status).toBe(200);
    const limited = await fetch(
      `${t.yingdaoUrl}/oapi/token/v2/token/create?accessKeyId=sandbox-x&accessKeySecret=sandbox-secret`,
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('0');
    expect(((await limited.json()) as { code: number }).code).toBe(429);

    const bad = await post({ action: 'explode' });
    expect(bad).toMatchObject({ status: 400, body: { code: 400, success: false } });
    expect((await post({ action: 'rateLimit', count: 'many' })).body.msg).toContain('count');
    const malformed = await fetch(`${t.yingdaoUrl}/oapi/dispatch/v2/job/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"robotUuid":',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { success: boolean }).success).toBe(false);

    const jobUuid = await start(t, 'sim-01@sandbox', 'rt-force', { settings: settings(50) });
    const forced = await post({
      action: 'setStatus',
      jobUuid,
      status: 'error',
      remark: '<script>alert(1)</script>',
    });
    expect(forced.body.code).toBe(200);
    const job = await t.sandbox.waitFor(jobUuid, (j) => j.callback.delivered);
    expect(job.status).toBe('error');
    expect((await post({ action: 'setStatus', jobUuid, status: 'finish' })).status).toBe(400);

    const page = await fetch(`${t.yingdaoUrl}/`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('模拟');
    expect(html).toContain('sim-captcha@sandbox');
    expect(html).toContain(jobUuid);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('brings an offline robot online: its waiting job starts', async () => {
    const t = await harness();
    const jobUuid = await start(t, 'sim-offline@sandbox', 'rt-back', { settings: settings(1) });
    await t.sandbox.waitForStatus(jobUuid, 'waiting');
    expect(t.sandbox.setRobotOnline('sim-offline@sandbox', true)).toBe(true);
    expect((await t.sandbox.waitForStatus(jobUuid, 'finish')).robot?.accountName).toBe('sim-offline@sandbox');
  });
});
