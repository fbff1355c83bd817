/**
 * The Yingdao client against the sandbox Yingdao (src/sandbox/yingdao), both speaking docs/automation-domain.md
 * §3.1 over real HTTP on 127.0.0.1: tokens, 401 refresh, 429 back-off, timeouts, job start/query/stop/retry/list and
 * the robot, group and app lists.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_APP, startYingdaoHarness, type Harness } from '../../sandbox/yingdao/testing';
import { isTerminalStatus, toRunStatus, YingdaoError } from './types';

const TOKEN = '/oapi/token/v2/token/create';
let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function harness(o: Parameters<typeof startYingdaoHarness>[0] = {}) {
  h = await startYingdaoHarness(o);
  return h;
}

async function failure(p: Promise<unknown>): Promise<YingdaoError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(YingdaoError);
  return err as YingdaoError;
}

describe('status mapping', () => {
  it('maps every Yingdao status and knows the terminal ones (§4.1)', () => {
    expect(['created', 'waiting', 'running', 'stopping'].map(toRunStatus)).toEqual([
      'WAITING',
      'WAITING',
      'RUNNING',
      'STOPPING',
    ]);
    expect(['finish', 'error', 'stopped', 'skipped', 'cancel'].map(toRunStatus)).toEqual([
      'SUCCESS',
      'FAILED',
      'STOPPED',
      'CANCELLED',
      'CANCELLED',
    ]);
    expect(toRunStatus('paused')).toBeUndefined();
    expect(toRunStatus('toString')).toBeUndefined();
    expect(['finish', 'stopped', 'error', 'skipped', 'cancel'].every(isTerminalStatus)).toBe(true);
    expect(['created', 'waiting', 'running', 'stopping', 'x'].some(isTerminalStatus)).toBe(false);
  });
});

describe('tokens', () => {
  it('reuses the token, creates a new one after expiry and refreshes once on a 401', async () => {
    const t = await harness({ tokenTtlSec: 1 });
    const c = t.client();
    await c.listClients();
    await c.listClientGroups();
    expect(t.sandbox.stats.tokensIssued).toBe(1);
    expect(t.sandbox.count(TOKEN)).toBe(1);

    await new Promise((r) => setTimeout(r, 1_100));
    await c.listApps();
    expect(t.sandbox.stats.tokensIssued).toBe(2);
    expect(t.sandbox.stats.unauthorized).toBe(0); // renewed before use, not after a refusal

    t.sandbox.expireTokens();
    const robots = await c.listClients();
    expect(robots.list.length).toBeGreaterThan(0);
    expect(t.sandbox.stats.unauthorized).toBe(1);
    expect(t.sandbox.stats.tokensIssued).toBe(3);
  });

  it('refuses a wrong key without retrying', async () => {
    const t = await harness();
    const err = await failure(t.client({ accessKeySecret: 'wrong' }).accessToken());
    expect(err).toMatchObject({ code: 400, retriable: false, kind: 'api' });
    expect(err.msg).toContain('accessKeyId');
    expect(t.sandbox.count(TOKEN)).toBe(1);
  });

  it('accepts the token call as a POST form too (the sandbox, as Yingdao documents both)', async () => {
    const t = await harness();
    const res = await fetch(`${t.yingdaoUrl}${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'accessKeyId=sandbox-form&accessKeySecret=sandbox-secret',
    });
    const body = (await res.json()) as { code: number; data: { accessToken: string; expiresIn: number } };
    expect(body.code).toBe(200);
    expect(body.data.expiresIn).toBe(7199);
    expect(body.data.accessToken).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('rate limits and timeouts', () => {
  it('backs off on 429, honouring Retry-After, then succeeds', async () => {
    const t = await harness();
    const pauses: number[] = [];
    const c = t.client({ sleep: async (ms) => void pauses.push(ms), random: () => 0.5 });
    await c.accessToken();
    t.sandbox.injectRateLimit(2, { retryAfterSec: 2, path: '/client/list' });
    t.sandbox.injectRateLimit(1, { mode: 'code', path: '/client/list' });
    const page = await c.listClients();
    expect(page.list.map((r) => r.robotClientName)).toContain('sim-01@sandbox');
    // two HTTP 429 with Retry-After: 2 s each; then a code-429 without it: exponential (2 000 ms base 500 * 2^2,
    // equal jitter at random 0.5 → 1 500 ms)
    expect(pauses).toEqual([2_000, 2_000, 1_500]);
    expect(t.sandbox.count('/oapi/dispatch/v2/client/list')).toBe(4);
  });

  it('gives up after the bounded attempts with a retriable error', async () => {
    const t = await harness();
    const c = t.client({ rateLimitAttempts: 3 });
    t.sandbox.injectRateLimit(5, { path: '/job/list' });
    const err = await failure(c.listJobs());
    expect(err).toMatchObject({ code: 429, httpStatus: 429, retriable: true, kind: 'rate-limit' });
    expect(t.sandbox.count('/oapi/dispatch/v2/job/list')).toBe(3);
  });

  it('times out a request that does not answer', async () => {
    const hang: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const c = (await harness()).client({ fetch: hang, timeoutMs: 30 });
    const err = await failure(c.accessToken());
    expect(err).toMatchObject({ kind: 'timeout', retriable: true, httpStatus: 0 });
  });
});

describe('jobs', () => {
  it('starts idempotently and refuses an unknown robot account', async () => {
    const t = await harness();
    const c = t.client();
    const input = {
      robotUuid: TEST_APP,
      accountName: 'sim-01@sandbox',
      idempotentUuid: 'run-1',
      params: t.jobParams('rt-idem'),
    };
    const first = await c.startJob(input);
    const again = await c.startJob(input);
    expect(first.idempotentFlag).toBe(false);
    expect(again).toEqual({ jobUuid: first.jobUuid, idempotentFlag: true });
    expect(t.sandbox.jobs.size).toBe(1);

    const err = await failure(
      c.startJob({ ...input, accountName: 'nobody@sandbox', idempotentUuid: 'run-2' }),
    );
    expect(err).toMatchObject({ code: 400, retriable: false, kind: 'api' });
    expect(err.msg).toContain('机器人账号不存在');

    const local = await failure(c.startJob({ ...input, accountName: '', idempotentUuid: 'x'.repeat(37) }));
    expect(local.kind).toBe('input');
  });

  it('follows a job from created to finish with its outputs', async () => {
    const t = await harness({ paceMs: 20 });
    const c = t.client();
    const seen: string[] = [];
    t.sandbox.runner.events.on('change', (j: { status: string }) => {
      if (seen.at(-1) !== j.status) seen.push(j.status);
    });
    const { jobUuid } = await c.startJob({
      robotUuid: TEST_APP,
      accountName: 'sim-02@sandbox',
      idempotentUuid: 'timeline',
      params: t.jobParams('rt-timeline'),
    });
    expect(['created', 'waiting', 'running']).toContain((await c.queryJob(jobUuid)).status);
    await t.sandbox.waitForStatus(jobUuid, 'finish');
    expect(seen).toEqual(['created', 'waiting', 'running', 'finish']);

    const job = await c.queryJob(jobUuid);
    expect(job).toMatchObject({ status: 'finish', statusName: '已完成', robotClientName: 'sim-02@sandbox' });
    expect(job.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(job.robotParams.inputs.find((p) => p.name === 'runToken')?.value).toBe('rt-timeline');
    expect(job.robotParams.outputs.slice(0, 3)).toEqual([
      { name: 'successCount', value: '3', type: 'int' },
      { name: 'failCount', value: '0', type: 'int' },
      { name: 'skipCount', value: '0', type: 'int' },
    ]);

    const listed = await c.listJobs({ robotUuid: TEST_APP, statusList: ['finish'] });
    expect(listed.dataList.map((j) => j.jobUuid)).toEqual([jobUuid]);
    expect(listed.hasData).toBe(true);
  });

  it('stops a running job, and retries only error/stopped jobs', async () => {
    const t = await harness({ paceMs: 40 });
    const c = t.client();
    const params = t.jobParams('rt-stop', {
      settings: { count: 50, minIntervalSec: 1, maxIntervalSec: 2, needComment: false },
    });
    const { jobUuid } = await c.startJob({
      robotUuid: TEST_APP,
      accountName: 'sim-03@sandbox',
      idempotentUuid: 'stop-me',
      params,
    });
    await t.sandbox.waitForStatus(jobUuid, 'running');
    await c.stopJob(jobUuid);
    expect(['stopping', 'stopped']).toContain((await c.queryJob(jobUuid)).status);
    await t.sandbox.waitForStatus(jobUuid, 'stopped');
    expect((await c.queryJob(jobUuid)).remark).toContain('停止');
    expect(t.robotCalls.some((x) => x.runToken === 'rt-stop' && x.path === 'finish')).toBe(false);
    await c.stopJob(jobUuid); // no effect on a terminal job
    expect((await c.queryJob(jobUuid)).status).toBe('stopped');

    const retried = await c.retryJob(jobUuid);
    expect(retried.jobUuid).toBeDefined();
    expect(retried.jobUuid).not.toBe(jobUuid);
    const again = await t.sandbox.waitForStatus(retried.jobUuid!, 'running');
    expect(again.robot?.accountName).toBe('sim-03@sandbox');
    const running = await failure(c.retryJob(retried.jobUuid!));
    expect(running).toMatchObject({ code: 400, kind: 'api' });
    await c.stopJob(retried.jobUuid!);
    await t.sandbox.waitForStatus(retried.jobUuid!, 'stopped');

    const ok = await c.startJob({
      robotUuid: TEST_APP,
      accountName: 'sim-01@sandbox',
      idempotentUuid: 'finishes',
      params: t.jobParams('rt-fin', { settings: { ...DEFAULT_SETTINGS, count: 1 } }),
    });
    await t.sandbox.waitForStatus(ok.jobUuid, 'finish');
    expect((await failure(c.retryJob(ok.jobUuid))).msg).toContain('重试');
  });

  it('lists robots, groups, apps and an app’s parameters', async () => {
    const c = (await harness()).client();
    const robots = await c.listClients({ status: 'offline' });
    expect(robots.list.map((r) => r.robotClientName)).toEqual(['sim-offline@sandbox']);
    expect(robots.page).toMatchObject({ total: 1, page: 1 });
    const one = await c.queryClient({ accountName: 'sim-captcha@sandbox' });
    expect(one.remark).toContain('滑块');
    const groups = await c.listClientGroups();
    expect(groups.list.map((g) => g.robotClientGroupName)).toEqual(['模拟机器人组', '异常场景组']);
    const inGroup = await c.listClients({ robotClientGroupUuid: groups.list[0]!.robotClientGroupUuid });
    expect(inGroup.list).toHaveLength(3);
    const apps = await c.listApps({ appName: '抖音评论' });
    expect(apps.list).toEqual([expect.objectContaining({ appId: TEST_APP, supportParam: true })]);
    const params = await c.queryRobotParam({ robotUuid: TEST_APP });
    expect(params.inputParams.map((p) => p.name)).toEqual([
      'taskType',
      'taskId',
      'groupId',
      'runToken',
      'apiBase',
    ]);
    expect(params.outputParams.map((p) => p.name)).toContain('successCount');
    expect((await failure(c.queryRobotParam({ robotUuid: 'nope' }))).code).toBe(400);
  });
});

const DEFAULT_SETTINGS = { count: 3, minIntervalSec: 5, maxIntervalSec: 10, needComment: true };
