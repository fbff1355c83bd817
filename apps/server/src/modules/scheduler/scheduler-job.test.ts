// Scheduled jobs over HTTP (./scheduler-job.module.ts), on PGlite and PostgreSQL: save/update validate the cron and
// recompute the next firing (empty while paused), a schedule change bumps the revision, one job per task definition,
// tenant isolation, and the cron editor's previews (next fire times, interval status).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerJob } from '../../db/schema';
import { nextFire } from '../../engine/scheduler/cron';
import { formatDateTime } from '../../util';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../test/harness';

type Job = Record<string, unknown> & {
  id: string;
  jobName: string;
  cronExpression: string;
  jobStatus: number;
  nextFireTime: string;
  tenantId: string;
};
interface Page {
  total: number;
  records: Job[];
}

const P = '/api/smart-scheduler/scheduler_job';
const DAILY = '0 0 10 * * ?';

describe.each(backends)('scheduler jobs on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    other = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const body = (over: object = {}) => ({
    jobName: 'xsh_comm#1790000000000010001',
    jobGroup: 'XSH_COMM',
    bizType: 'xsh_comm',
    bizId: '1790000000000010001',
    invokeTarget: "rpaTaskRunner.run('xsh_comm',1790000000000010001)",
    cronExpression: DAILY,
    misfirePolicy: 3,
    concurrent: 1,
    jobStatus: 0,
    minIntervalSec: 1800,
    remark: '',
    ...over,
  });
  const save = (b: object, token = admin) => call<Job>('POST', `${P}/save`, 'schedulerJobSave', token, b);
  const update = (b: object, token = admin) =>
    call<Job>('POST', `${P}/update`, 'schedulerJobUpdate', token, b);
  const detail = (id: string, token = admin) =>
    call<Job>('GET', `${P}/detail?id=${id}`, 'schedulerJobDetail', token);
  const list = (q: string, token = admin) => call<Page>('GET', `${P}/list?${q}`, 'schedulerJobList', token);
  const stored = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(schedulerJob)
        .where(eq(schedulerJob.id, BigInt(id)))
    )[0]!;
  const expectedNext = (cron: string) => formatDateTime(nextFire(cron, new Date()));

  let jobId = '';

  it('saves a job with its next firing and answers it', async () => {
    const res = await save(body({ id: '123' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = res.body.data;
    expect(job.id).not.toBe('123');
    expect(job).toMatchObject({ tenantId: '000000', cronExpression: DAILY, jobStatus: 0, lastFireTime: '' });
    expect(job.nextFireTime).toBe(expectedNext(DAILY));
    jobId = job.id;
    expect((await detail(jobId)).body.data).toEqual(job);
    expect((await stored(jobId)).revision).toBe(1);
  });

  it('refuses a cron that does not parse, and a second job of the same task', async () => {
    // well shaped (the contract's pattern: 6 or 7 fields) but not a valid Quartz schedule: the parser's verdict
    for (const cronExpression of ['0 0 25 * * ?', '0 0 12 1 * MON', '0 61 * * * ?']) {
      const res = await save(body({ bizId: '1790000000000010002', cronExpression }));
      expect(res.status).toBe(400);
      expect(res.body.msg.startsWith('Cron 表达式无效'), res.body.msg).toBe(true);
    }
    // not even shaped as one: the contract refuses it, in the field's words
    for (const cronExpression of ['0 0 10 * *', 'every day', '0 0 10 * * ?;']) {
      const res = await save(body({ bizId: '1790000000000010002', cronExpression }));
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Cron 表达式格式不正确');
    }
    const dup = await save(body());
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('该业务已有定时任务');
    const bad = await save(body({ bizId: '12a' }));
    expect(bad.status).toBe(400);
  });

  it('recomputes the next firing on a schedule change only, and empties it while paused', async () => {
    const renamed = await update({ ...body({ jobName: 'renamed' }), id: jobId });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.jobName).toBe('renamed');
    expect((await stored(jobId)).revision).toBe(1);

    const cron = '0 30 9-22 * * ?';
    const changed = await update({ ...body({ cronExpression: cron }), id: jobId });
    expect(changed.body.data.nextFireTime).toBe(expectedNext(cron));
    expect((await stored(jobId)).revision).toBe(2);

    const paused = await update({ ...body({ cronExpression: cron, jobStatus: 1 }), id: jobId });
    expect(paused.body.data).toMatchObject({ jobStatus: 1, nextFireTime: '' });
    expect((await stored(jobId)).revision).toBe(3);

    const resumed = await update({ ...body({ cronExpression: cron }), id: jobId });
    expect(resumed.body.data.nextFireTime).toBe(expectedNext(cron));

    const badCron = await update({ ...body({ cronExpression: '0 0 0 ? * ?' }), id: jobId });
    expect(badCron.status).toBe(400);
    expect(badCron.body.msg).toContain('Cron 表达式无效');
    expect((await detail(jobId)).body.data.cronExpression).toBe(cron);

    const unknown = await update({ ...body(), id: '1790000000000099999' });
    expect(unknown.status).toBe(400);
  });

  it('filters the list and keeps every tenant to its own jobs', async () => {
    const sys = await save(body({ jobName: 'system sweep', jobGroup: 'SYSTEM', bizType: '', bizId: '' }));
    expect(sys.status, JSON.stringify(sys.body)).toBe(200);
    expect(sys.body.data).toMatchObject({ bizId: '', bizType: '' });

    const ids = (p: { body: { data: Page } }) => p.body.data.records.map((r) => r.id);
    expect(ids(await list('jobName=sweep'))).toEqual([sys.body.data.id]);
    expect(ids(await list('jobGroup_equal=XSH_COMM'))).toEqual([jobId]);
    expect(ids(await list('bizId_equal=1790000000000010001'))).toEqual([jobId]);
    expect(ids(await list('jobStatus_equal=0&ascs=job_name'))).toEqual([sys.body.data.id, jobId]);
    expect((await list('current=1&size=10')).body.data.total).toBe(2);
    expect((await list('descs=nope')).status).toBe(400);

    expect((await list('', other)).body.data.total).toBe(0);
    expect((await detail(jobId, other)).status).toBe(400);
    expect((await update({ ...body(), id: jobId }, other)).status).toBe(400);
    // the other tenant may have a job for the same business id
    expect((await save(body(), other)).status).toBe(200);
    await call('POST', `${P}/remove?ids=${jobId}`, 'schedulerJobRemove', other);
    expect((await detail(jobId)).status).toBe(200);

    const removed = await call('POST', `${P}/remove?ids=${jobId}`, 'schedulerJobRemove', admin);
    expect(removed.status).toBe(200);
    expect((await detail(jobId)).status).toBe(400);
    // the task may be scheduled again once its job is gone
    expect((await save(body())).status).toBe(200);
  });

  it('previews the next fire times of a cron, in Asia/Shanghai', async () => {
    const q = (expr: string, extra = '') =>
      call<string[]>(
        'GET',
        `${P}/getCronSchduleList?cronExpression=${encodeURIComponent(expr)}${extra}`,
        'schedulerJobGetCronSchduleList',
        admin,
      );
    const five = await q('0 */30 9-22 * * ?');
    expect(five.status).toBe(200);
    expect(five.body.data).toHaveLength(5);
    for (const t of five.body.data) expect(t).toMatch(/^\d{4}-\d{2}-\d{2} (09|1\d|2[0-2]):(00|30):00$/);
    expect((await q('0 0 10 ? * 2', '&count=3')).body.data.length).toBe(3);
    expect((await q('0 0 0 1 1 ? 2020')).body.data).toEqual([]);
    const bad = await q('0 0 25 * * ?');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Cron 表达式无效');
    expect((await q('0 * * * * ?', '&count=51')).status).toBe(400);
  });

  it('answers the interval status with the job group default threshold', async () => {
    const q = (query: string) =>
      call<Record<string, unknown>>(
        'GET',
        `${P}/getCronIntervalStatus?${query}`,
        'schedulerJobGetCronIntervalStatus',
        admin,
      );
    const every10 = encodeURIComponent('0 */10 * * * ?');
    expect((await q(`cronExpression=${every10}&jobGroup=XSH_COMM`)).body.data).toMatchObject({
      status: 'TOO_FREQUENT',
      minIntervalSeconds: 600,
      thresholdSeconds: 1800,
    });
    const browse = await q(`cronExpression=${every10}&jobGroup=DY_BROWSE`);
    expect(browse.body.data).toMatchObject({ status: 'OK', thresholdSeconds: 600 });
    expect((browse.body.data.nextTimes as string[]).length).toBe(20);
    expect(
      (await q(`cronExpression=${every10}&jobGroup=DY_COMM&minIntervalSec=300`)).body.data,
    ).toMatchObject({ status: 'OK', thresholdSeconds: 300 });
    expect((await q(`cronExpression=${every10}`)).body.data).toMatchObject({
      status: 'OK',
      thresholdSeconds: 60,
    });
    const invalid = await q('cronExpression=nope');
    expect(invalid.status).toBe(200);
    expect(invalid.body.data).toMatchObject({ status: 'INVALID', minIntervalSeconds: -1, nextTimes: [] });
    expect((await q(`cronExpression=${encodeURIComponent('0 0 0 1 1 ? 2020')}`)).body.data).toMatchObject({
      status: 'NEVER_FIRES',
      minIntervalSeconds: -1,
      nextTimes: [],
    });
    expect((await q('cronExpression=nope&jobGroup=OTHER')).status).toBe(400);
  });
});
