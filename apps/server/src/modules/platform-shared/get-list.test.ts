// The unpaged getList of the six robot-unit rosters and the two comment pools (./get-list.ts): the caller's rows by
// `sort` then newest first (the pools, without a sort column, newest first), filtered as the list is, never another
// tenant's, and bad filters answered by a 400 envelope. Every answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  dyArr,
  dyCommArr,
  dyCommComment,
  dyLiveArr,
  sphArr,
  xhsCommComment,
  xshArr,
  xshCommArr,
} from '../../db/schema';
import { nextId } from '../../util';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../test/harness';

interface Roster {
  base: string;
  name: string;
  op: string;
  table: PgTable;
  /** The task id column a roster may be bound to (comment or live task). */
  task?: 'commId' | 'liveId';
  /** The create operation's path and id, when it is not `submit`. */
  create?: [string, string];
}

const rosters: Roster[] = [
  { base: '/api/smart-dy/dy_arr', name: 'dyArr', op: 'dyArrGetList', table: dyArr },
  {
    base: '/api/smart-dyComm/dy_comm_arr',
    name: 'dyCommArr',
    op: 'dyCommArrGetList',
    table: dyCommArr,
    task: 'commId',
  },
  {
    base: '/api/smart-dy_live/dy_live_arr',
    name: 'dyLiveArr',
    op: 'dyLiveArrGetList',
    table: dyLiveArr,
    task: 'liveId',
    create: ['save', 'dyLiveArrSave'],
  },
  { base: '/api/smart-xhs/xsh_arr', name: 'xshArr', op: 'xshArrGetList', table: xshArr },
  {
    base: '/api/smart-xshComm/xsh_comm_arr',
    name: 'xshCommArr',
    op: 'xshCommArrGetList',
    table: xshCommArr,
    task: 'commId',
  },
  { base: '/api/smart-sph/sph_arr', name: 'sphArr', op: 'sphArrGetList', table: sphArr },
];

const pools = [
  {
    base: '/api/smart-dyComm/dy_comm_comment',
    name: 'dyComm',
    op: 'dyCommCommentGetList',
    table: dyCommComment,
  },
  {
    base: '/api/smart-xshComm/xhs_comm_comment',
    name: 'xhsComm',
    op: 'xhsCommCommentGetList',
    table: xhsCommComment,
  },
];

type Row = Record<string, unknown> & { id: string };
const TASK = '1790000000000004101';

describe.each(backends)('getList on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });
  const call = contractCall(() => s);

  describe.each(rosters)('$name', (r) => {
    const submit = async (body: object) => {
      const [path, op] = r.create ?? ['submit', r.op.replace('GetList', 'Submit')];
      const res = await call<Row>('POST', `${r.base}/${path}`, op, admin, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const getList = (query = '') => call<Row[]>('GET', `${r.base}/getList?${query}`, r.op, admin);

    it("lists the caller's units by sort, then newest first, filtered as the list is", async () => {
      const tag = `${r.name}-${Date.now()}`;
      const second = await submit({ arrName: `${tag}-b`, robotAccount: 'rb@ent', sort: 2, loginStatus: 1 });
      const firstOld = await submit({
        arrName: `${tag}-a1`,
        robotAccount: 'ra@ent',
        sort: 1,
        loginStatus: 0,
      });
      const firstNew = await submit({
        arrName: `${tag}-a2`,
        robotAccount: 'ra@ent',
        sort: 1,
        loginStatus: 1,
        ...(r.task ? { [r.task]: TASK } : {}),
      });
      // another tenant's unit of the same name is never listed
      await s.handle.db
        .insert(r.table)
        .values({ id: nextId(), tenantId: '100001', arrName: `${tag}-other`, robotAccount: 'x' } as never);

      const all = await getList(`arrName=${tag}`);
      expect(all.status).toBe(200);
      expect(all.body.data.map((u) => u.id)).toEqual([firstNew.id, firstOld.id, second.id]);
      expect(all.body.data[0]).toMatchObject({ arrName: `${tag}-a2`, tenantId: '000000', sort: 1 });

      const loggedIn = await getList(`arrName=${tag}&loginStatus_equal=1`);
      expect(loggedIn.body.data.map((u) => u.id)).toEqual([firstNew.id, second.id]);
      if (r.task) {
        const bound = await getList(`arrName=${tag}&${r.task}_equal=${TASK}`);
        expect(bound.body.data.map((u) => u.id)).toEqual([firstNew.id]);
      }
      // no filter: every unit of the tenant, none of 100001
      const unfiltered = await getList();
      expect(unfiltered.body.data.every((u) => u.tenantId === '000000')).toBe(true);
      expect(unfiltered.body.data.map((u) => u.arrName)).not.toContain(`${tag}-other`);
    });

    it('answers bad filters with a 400 envelope', async () => {
      for (const q of ['loginStatus_equal=9', 'createTime_dategt=yesterday', 'ydUserId_equal=abc']) {
        const res = await getList(q);
        expect(res.status, q).toBe(400);
        expect(res.body, q).toMatchObject({ code: 400, success: false, data: null });
      }
    });
  });

  describe.each(pools)('$name comments', (p) => {
    const submit = async (body: object) => {
      const res = await call<Row>('POST', `${p.base}/submit`, p.op.replace('GetList', 'Submit'), admin, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const getList = (query = '') => call<Row[]>('GET', `${p.base}/getList?${query}`, p.op, admin);

    it("lists the caller's texts newest first, filtered as the list is", async () => {
      const tag = `${p.name}-${Date.now()}`;
      const older = await submit({ content: `${tag} 好看`, commId: TASK, status: 1 });
      const newer = await submit({ content: `${tag} 实用`, status: 0 });
      await s.handle.db
        .insert(p.table)
        .values({ id: nextId(), tenantId: '100001', content: `${tag} 他人` } as never);

      expect((await getList(`content=${encodeURIComponent(tag)}`)).body.data.map((c) => c.id)).toEqual([
        newer.id,
        older.id,
      ]);
      const enabled = await getList(`content=${encodeURIComponent(tag)}&status_equal=1`);
      expect(enabled.body.data.map((c) => c.id)).toEqual([older.id]);
      const ofTask = await getList(`content=${encodeURIComponent(tag)}&commId_equal=${TASK}`);
      expect(ofTask.body.data.map((c) => c.content)).toEqual([`${tag} 好看`]);
    });

    it('answers bad filters with a 400 envelope', async () => {
      for (const q of ['source_equal=7', 'commId_equal=x1', 'createTime_datelt=soon']) {
        const res = await getList(q);
        expect(res.status, q).toBe(400);
        expect(res.body, q).toMatchObject({ code: 400, success: false, data: null });
      }
    });
  });
});
