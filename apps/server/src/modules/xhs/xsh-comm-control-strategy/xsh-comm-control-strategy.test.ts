// The control strategy by customer (./xsh-comm-control-strategy.module.ts): one row per (tenant, customer),
// created with the defaults on the first read, replaced by `updateByUser` (unset properties back to the defaults);
// a customer of another tenant and inconsistent settings answer a 400 envelope and change nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xshCommControlStrategy, ydUser } from '../../../db/schema';
import { nextId } from '../../../util';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { INTERVAL_ORDER_MSG, NO_CUSTOMER_MSG } from './xsh-comm-control-strategy.module';

type Strategy = Record<string, unknown> & { id: string; ydUserId: string };

const P = '/api/smart-xshComm/xsh_comm_control_strategy';
const FULL = {
  dailyMaxPerAccount: 30,
  hourlyMaxPerAccount: 8,
  perNoteMax: 1,
  minIntervalSec: 90,
  maxIntervalSec: 300,
  activeStartTime: '09:00',
  activeEndTime: '23:00',
  dedupeDays: 30,
  aiEnabled: 1,
  aiFallbackToPool: 1,
  pictureRate: 10,
  likeBeforeComment: 1,
  maxConsecutiveFail: 3,
  cooldownMinutes: 120,
  sensitiveWords: '微信,加V',
  minNoteLikes: 20,
};
/** The table's defaults (src/db/schema-xhs.ts), which a strategy without settings has. */
const DEFAULTS = {
  dailyMaxPerAccount: 1,
  hourlyMaxPerAccount: 1,
  perNoteMax: 1,
  minIntervalSec: 0,
  maxIntervalSec: 0,
  activeStartTime: '',
  activeEndTime: '',
  dedupeDays: 0,
  aiEnabled: 0,
  aiFallbackToPool: 0,
  pictureRate: 0,
  likeBeforeComment: 0,
  maxConsecutiveFail: 1,
  cooldownMinutes: 0,
  sensitiveWords: '',
  minNoteLikes: 0,
};

describe.each(backends)('control strategy by customer on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let me: string;
  const customer = nextId();
  const foreignCustomer = nextId();
  beforeAll(async () => {
    s = await startTestServer(kind);
    const t = await login(s.app);
    admin = t.access_token;
    me = t.user_id;
    await s.handle.db.insert(ydUser).values([
      { id: customer, tenantId: '000000', account: `c${customer}` },
      { id: foreignCustomer, tenantId: '100001', account: `f${foreignCustomer}` },
    ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const detail = (query = '') =>
    call<Strategy>('GET', `${P}/detailByUser?${query}`, 'xshCommControlStrategyDetailByUser', admin);
  const update = (body: object) =>
    call<Strategy>('POST', `${P}/updateByUser`, 'xshCommControlStrategyUpdateByUser', admin, body);
  const rowsOf = (ydUserId: bigint) =>
    s.handle.db
      .select()
      .from(xshCommControlStrategy)
      .where(and(eq(xshCommControlStrategy.ydUserId, ydUserId), eq(xshCommControlStrategy.isDeleted, 0)));

  it('saves the defaults on the first read, once, even when two reads race', async () => {
    const [a, b] = await Promise.all([detail(`ydUserId=${customer}`), detail(`ydUserId=${customer}`)]);
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ ydUserId: String(customer), tenantId: '000000', ...DEFAULTS });
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(await rowsOf(customer)).toHaveLength(1);
  });

  it('replaces the whole strategy; unset properties go back to the defaults', async () => {
    const first = await update({ ydUserId: String(customer), ...FULL });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ ydUserId: String(customer), ...FULL });
    const again = await update({ ydUserId: String(customer), dailyMaxPerAccount: 50 });
    expect(again.body.data).toMatchObject({ ...DEFAULTS, dailyMaxPerAccount: 50 });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await detail(`ydUserId=${customer}`)).body.data).toMatchObject({ dailyMaxPerAccount: 50 });
    expect(await rowsOf(customer)).toHaveLength(1);
  });

  it('without a customer it is the signed-in user’s strategy', async () => {
    const saved = await update({ ...FULL, minNoteLikes: 99 });
    expect(saved.body.data).toMatchObject({ ydUserId: me, minNoteLikes: 99 });
    expect((await detail()).body.data).toMatchObject({ id: saved.body.data.id, minNoteLikes: 99 });
  });

  it("answers another tenant's or an unknown customer with 400 and writes nothing", async () => {
    const refused = { code: 400, success: false, msg: NO_CUSTOMER_MSG, data: null };
    expect(await detail(`ydUserId=${foreignCustomer}`)).toEqual({ status: 400, body: refused });
    expect(await update({ ydUserId: String(foreignCustomer), ...FULL })).toEqual({
      status: 400,
      body: refused,
    });
    expect(await detail('ydUserId=1790000000000009999')).toEqual({ status: 400, body: refused });
    expect(await rowsOf(foreignCustomer)).toEqual([]);
  });

  it('refuses bad input with a 400 envelope and keeps the stored strategy', async () => {
    const before = (await rowsOf(customer))[0]!;
    const interval = await update({ ydUserId: String(customer), minIntervalSec: 300, maxIntervalSec: 60 });
    expect(interval).toEqual({
      status: 400,
      body: { code: 400, success: false, msg: INTERVAL_ORDER_MSG, data: null },
    });
    for (const body of [
      { ydUserId: String(customer), dailyMaxPerAccount: 0 },
      { ydUserId: String(customer), activeStartTime: '25:00' },
      { ydUserId: String(customer), aiEnabled: 2 },
      { ydUserId: 'abc' },
    ]) {
      const res = await update(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null });
    }
    expect((await detail('ydUserId=x')).status).toBe(400);
    expect((await rowsOf(customer))[0]).toEqual(before);
  });
});
