import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTotal } from './crud/count';
import { logApi, logError, logUsual, param } from './db/schema';
import { nextId } from './util';
import { expectContract } from './test/contract';
import {
  BASIC,
  authHeaders,
  backends,
  login,
  startTestServer,
  tokenUrl,
  type TestServer,
} from './test/harness';

const LOG = '/api/smart-log';

interface LogRow {
  id: string;
  tenantId: string;
  requestUri: string;
  method: string;
  createBy: string;
  createTime: string;
  [k: string]: unknown;
}
interface Page {
  data: { records: LogRow[]; total: number };
}

describe.each(backends)('logs and exact counters on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token;
    other = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string, token = admin) =>
    s.app.inject({ method: 'GET', url, headers: authHeaders(token) });
  const page = async (url: string, op: string, token = admin) => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    return expectContract<Page>(res, op).data;
  };

  it('writes a usual log per login, successful or failed', async () => {
    const bad = await s.app.inject({
      method: 'POST',
      url: tokenUrl({
        grant_type: 'password',
        username: 'admin',
        password: 'f'.repeat(32),
        tenantId: '100001',
      }),
      headers: { authorization: BASIC, 'tenant-id': '100001', 'user-agent': 'probe-agent' },
    });
    expect(bad.statusCode).toBe(400);
    await s.app.logWriter.flush();
    const rows = await s.handle.db.select().from(logUsual);
    const ok000 = rows.filter((r) => r.tenantId === '000000' && r.logLevel === 'INFO');
    expect(ok000.length).toBeGreaterThanOrEqual(1);
    expect(ok000[0]).toMatchObject({
      createBy: 'admin',
      logId: 'admin',
      method: 'POST',
      serviceId: 'smart-auth',
    });
    expect(ok000[0]!.params).not.toContain('21232f297a57a5a743894a0e4a801fc3'); // the password hash is masked
    const failed = rows.filter((r) => r.tenantId === '100001' && r.logLevel === 'WARN');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.logData).toContain('用户名或密码错误');
    expect(failed[0]!.userAgent).toBe('probe-agent');
  });

  it('writes an API log per authenticated call, asynchronously', async () => {
    const before = (await s.handle.db.select({ n: count() }).from(logApi))[0]!.n;
    const res = await get('/api/smart-system/param/list?current=1&size=5', other);
    expect(res.statusCode).toBe(200);
    // nothing is written inside the request: the row waits in the buffer
    expect((await s.handle.db.select({ n: count() }).from(logApi))[0]!.n).toBe(before);
    await s.app.logWriter.flush();
    const [row] = await s.handle.db
      .select()
      .from(logApi)
      .where(and(eq(logApi.tenantId, '100001'), eq(logApi.requestUri, '/api/smart-system/param/list')));
    expect(row).toMatchObject({
      method: 'GET',
      createBy: 'admin',
      methodName: 'paramList',
      serviceId: 'smart-system',
      type: '1',
      params: 'current=1&size=5',
    });
    expect(Number(row!.time)).toBeGreaterThanOrEqual(0);
    expect(row!.remoteIp).not.toBe('');
  });

  it('writes an error log on a 5xx', async () => {
    const db = s.handle.db;
    // a genuine server error: the table behind the operation is gone for a moment
    await db.execute(sql.raw('alter table smart_post rename to smart_post_away'));
    try {
      const res = await get('/api/smart-system/post/list');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 500, success: false });
    } finally {
      await db.execute(sql.raw('alter table smart_post_away rename to smart_post'));
    }
    await s.app.logWriter.flush();
    const rows = await db.select().from(logError);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenantId: '000000',
      requestUri: '/api/smart-system/post/list',
      createBy: 'admin',
    });
    expect(rows[0]!.message).toContain('smart_post');
    expect(rows[0]!.stackTrace).not.toBe('');
    expect(rows[0]!.exceptionName).not.toBe('');

    const list = await page(`${LOG}/error/list`, 'logErrorList');
    expect(list.total).toBe(1);
    const d = await get(`${LOG}/error/detail?id=${list.records[0]!.id}`);
    expect(expectContract<{ data: LogRow }>(d, 'logErrorDetail').data.id).toBe(list.records[0]!.id);
  });

  it("stores the console's error log sent with POST oauth/logout, in the sender's tenant", async () => {
    const entry = {
      type: 'error',
      message: "Cannot read properties of undefined (reading 'id')",
      stack: 'TypeError: boom\n    at render (user.tsx:12)',
      info: 'window.onerror',
      url: 'http://127.0.0.1/system/user',
      time: '2026-11-22 10:30:00',
    };
    const send = (body: object[], token = other) =>
      s.app.inject({
        method: 'POST',
        url: '/api/smart-auth/oauth/logout',
        headers: authHeaders(token),
        payload: body,
      });
    const res = await send([entry, { ...entry, message: 'second', stack: undefined, info: undefined }]);
    expect(res.statusCode, res.body).toBe(200);
    expectContract(res, 'oauthSendLogs');
    // the session is not ended by it
    expect((await get('/api/smart-system/param/list', other)).statusCode).toBe(200);
    // bad input: an empty list, a missing message, no token
    expect((await send([])).statusCode).toBe(400);
    expect((await send([{ ...entry, message: undefined }])).statusCode).toBe(400);
    const anonymous = await s.app.inject({
      method: 'POST',
      url: '/api/smart-auth/oauth/logout',
      headers: { authorization: BASIC, 'content-type': 'application/json' },
      payload: [entry],
    });
    expect(anonymous.statusCode).toBe(401);

    const list = await page(`${LOG}/error/list?size=50`, 'logErrorList', other);
    const mine = list.records.filter((r) => r.serviceId === 'console');
    expect(mine).toHaveLength(2);
    expect(mine.every((r) => r.tenantId === '100001' && r.requestUri === entry.url)).toBe(true);
    const first = mine.find((r) => r.message === entry.message)!;
    expect(first.stackTrace).toBe(entry.stack);
    expect(first.params).toContain('info=window.onerror');
    // the platform administrator reads every tenant's entries
    const foreign = await get(`${LOG}/error/detail?id=${first.id}`, admin);
    expect(foreign.statusCode).toBe(200);
  });

  it('lists are tenant-scoped; the platform administrator sees every tenant', async () => {
    await s.app.logWriter.flush();
    const mine = await page(`${LOG}/usual/list`, 'logUsualList', other);
    expect(mine.records.length).toBeGreaterThan(0);
    expect(mine.records.every((r) => r.tenantId === '100001')).toBe(true);
    const all = await page(`${LOG}/usual/list?size=100`, 'logUsualList');
    const tenants = new Set(all.records.map((r) => r.tenantId));
    expect(tenants.has('000000') && tenants.has('100001')).toBe(true);
    expect(all.total).toBe(Number((await s.handle.db.select({ n: count() }).from(logUsual))[0]!.n));
    // newest first
    const times = all.records.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    // another tenant's row behaves like an unknown id
    const foreign = all.records.find((r) => r.tenantId === '000000')!;
    expect((await get(`${LOG}/usual/detail?id=${foreign.id}`, other)).statusCode).toBe(400);
    const detail = await get(`${LOG}/usual/detail?id=${foreign.id}`);
    expectContract(detail, 'logUsualDetail');
    // filters count normally
    const filtered = await page(`${LOG}/api/list?requestUri=param/list`, 'logApiList');
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.records.every((r) => r.requestUri.includes('param/list'))).toBe(true);
    const apiMine = await page(`${LOG}/api/list`, 'logApiList', other);
    expect(apiMine.records.every((r) => r.tenantId === '100001')).toBe(true);
  });

  it('keeps exact totals: insert, logical delete, restore, physical delete, two tenants', async () => {
    const db = s.handle.db;
    const t = { table: param, tenantId: param.tenantId, isDeleted: param.isDeleted };
    const truth = async (tenant: string) =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(param)
            .where(and(eq(param.tenantId, tenant), eq(param.isDeleted, 0)))
        )[0]!.n,
      );
    const check = async () => {
      for (const tenant of ['000000', '100001', '777777']) {
        expect(await liveTotal(db, t, tenant), tenant).toBe(await truth(tenant));
      }
      const all = Number((await db.select({ n: count() }).from(param).where(eq(param.isDeleted, 0)))[0]!.n);
      expect(await liveTotal(db, t, undefined)).toBe(all);
    };
    await check();
    const row = (tenantId: string, i: number) => ({
      id: nextId(),
      tenantId,
      paramName: `n${i}`,
      paramKey: `count.k${i}.${tenantId}`,
      paramValue: 'v',
    });
    const ids = [row('000000', 1), row('000000', 2), row('100001', 3), row('777777', 4), row('777777', 5)];
    await db.insert(param).values(ids);
    await check();
    await db
      .update(param)
      .set({ isDeleted: 1 })
      .where(
        sql`${param.id} in (${sql.join(
          ids.slice(0, 4).map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    await check();
    await db.update(param).set({ isDeleted: 0 }).where(eq(param.id, ids[0]!.id)); // restore
    await check();
    await db.update(param).set({ tenantId: '100001' }).where(eq(param.id, ids[4]!.id)); // moved to another tenant
    await check();
    await db.delete(param).where(eq(param.id, ids[0]!.id)); // physical
    await db.delete(param).where(eq(param.id, ids[1]!.id)); // physical, of a removed row
    await check();
    // the page of the unfiltered view answers the counter's total
    const res = await get('/api/smart-system/param/list', other);
    expect(res.json().data.total).toBe(await truth('100001'));
    // generate_series bulk insert, counted by one statement
    await db.execute(
      sql.raw(`insert into smart_param (id, tenant_id, param_name, param_key, param_value)
        select 9000000000 + g, '777777', 'bulk', 'bulk.' || g, 'v' from generate_series(1, 500) g`),
    );
    await check();
    await db.execute(sql.raw(`update smart_param set is_deleted = 1 where tenant_id = '777777'`));
    await check();

    // log tables have no delete flag: every row counts
    await s.app.logWriter.flush();
    const lt = { table: logUsual, tenantId: logUsual.tenantId };
    expect(await liveTotal(db, lt, undefined)).toBe(
      Number((await db.select({ n: count() }).from(logUsual))[0]!.n),
    );
    await db.delete(logUsual).where(eq(logUsual.tenantId, '100001'));
    expect(await liveTotal(db, lt, '100001')).toBe(0);
  });
});
