// Counting the Xiaohongshu comment logs (./xsh-comm-log-count.module.ts): per result in total and per robot account
// within the range (by comment time, end excluded), filtered by task, unit and account, never another tenant's;
// a reversed, too long or impossible range answers 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xshCommLog } from '../../../db/schema';
import { nextId } from '../../../util';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';

interface Counts {
  total: number;
  success: number;
  fail: number;
  skipped: number;
  apps: { robotAccount: string; total: number; success: number; fail: number; skipped: number }[];
}

const P = '/api/smart-xshComm/xsh_comm_log';
const at = (s: string) => new Date(s.replace(' ', 'T'));

describe.each(backends)('Xiaohongshu comment log counts on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  const task = nextId();
  const unit = nextId();
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    const row = (robotAccount: string, result: number, time: string, over: object = {}) => ({
      id: nextId(),
      tenantId: '000000',
      commId: task,
      arrId: unit,
      robotAccount,
      result,
      commentTime: at(time),
      ...over,
    });
    await s.handle.db.insert(xshCommLog).values([
      row('a@sim', 1, '2026-11-20 09:00:00'),
      row('a@sim', 1, '2026-11-20 10:00:00'),
      row('a@sim', 0, '2026-11-20 11:00:00'),
      row('b@sim', 1, '2026-11-20 12:00:00'),
      row('b@sim', 2, '2026-11-20 23:59:59'),
      // outside the range (the end is excluded), another task, another tenant
      row('a@sim', 1, '2026-11-21 00:00:00'),
      row('c@sim', 1, '2026-11-20 12:00:00', { commId: nextId(), arrId: nextId() }),
      row('a@sim', 1, '2026-11-20 12:00:00', { tenantId: '100001' }),
    ] as never);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const count = (body: object) =>
    call<Counts>('POST', `${P}/appLogCount`, 'xshCommLogAppLogCount', admin, body);
  const day = { startTime: '2026-11-20 00:00:00', endTime: '2026-11-21 00:00:00' };

  it('counts per result, in total and per robot account, most logs first', async () => {
    const res = await count({ ...day, commId: String(task) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      total: 5,
      success: 3,
      fail: 1,
      skipped: 1,
      apps: [
        { robotAccount: 'a@sim', total: 3, success: 2, fail: 1, skipped: 0 },
        { robotAccount: 'b@sim', total: 2, success: 1, fail: 0, skipped: 1 },
      ],
    });
  });

  it('filters by unit and robot account; the whole tenant without filters', async () => {
    expect((await count({ ...day, robotAccount: 'b@sim' })).body.data).toMatchObject({
      total: 2,
      success: 1,
    });
    expect((await count({ ...day, arrId: String(unit) })).body.data).toMatchObject({ total: 5 });
    expect((await count(day)).body.data).toMatchObject({ total: 6, success: 4 });
  });

  it.each([
    [{ startTime: '2026-11-21 00:00:00', endTime: '2026-11-20 00:00:00' }, '结束时间必须晚于开始时间'],
    [{ startTime: '2026-10-01 00:00:00', endTime: '2026-11-20 00:00:00' }, '时间范围不能超过 31 天'],
    [
      { startTime: '2026-02-30 00:00:00', endTime: '2026-03-02 00:00:00' },
      '日期格式错误: 2026-02-30 00:00:00',
    ],
  ])('refuses the range %j', async (range, msg) => {
    const res = await count(range);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });
});
