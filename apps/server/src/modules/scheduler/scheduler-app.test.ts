// The scheduler inside the app (src/app.ts): with the engine's `scheduler` setting the firing loop starts when the
// app is ready, a job saved over HTTP and due in about two seconds fires (here its group has no firer, so its job
// log says so), and the loop stops with the app. Without the setting nothing fires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSchedulerTime } from '../../engine/scheduler/cron';
import { contractCall, login, startTestServer, type TestServer } from '../../test/harness';

interface Log {
  jobId: string;
  triggerType: number;
  runStatus: number;
  exceptionInfo: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the scheduler wired into the app (PGlite)', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer('pglite', { engine: { sandbox: false, scheduler: true } });
    admin = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);

  it('fires a job saved over HTTP at its time and logs the firing', async () => {
    const due = new Date(Math.ceil((Date.now() + 2500) / 1000) * 1000);
    const saved = await call<{ id: string; nextFireTime: string }>(
      'POST',
      '/api/smart-scheduler/scheduler_job/save',
      'schedulerJobSave',
      admin,
      {
        jobName: 'system sweep',
        jobGroup: 'SYSTEM',
        invokeTarget: 'systemSweep.run()',
        cronExpression: `${Number(formatSchedulerTime(due).slice(-2))} * * * * ?`,
        misfirePolicy: 3,
        concurrent: 1,
        jobStatus: 0,
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const logs = () =>
      call<{ records: Log[] }>(
        'GET',
        `/api/smart-scheduler/scheduler_job_log/list?jobId_equal=${saved.body.data.id}`,
        'schedulerJobLogList',
        admin,
      );
    const end = Date.now() + 8000;
    while ((await logs()).body.data.records.length === 0 && Date.now() < end) await sleep(200);
    await sleep(1000);
    const records = (await logs()).body.data.records;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ triggerType: 1, runStatus: 1 });
    expect(records[0]!.exceptionInfo).toContain('该任务分组没有执行器: SYSTEM');
  });
});
