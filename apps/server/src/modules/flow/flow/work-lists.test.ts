// Paging of the work lists: every list answers the `current` and `size` it was asked for (the contract's PageMeta,
// openapi/schemas/common.yaml) and the page of rows they select. The claim and to-do lists used to answer
// `size` = `total` as upstream does, which is `size: 1` for an empty list and no second page.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';

interface Page {
  records: { taskId: string; processInstanceId: string }[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const W = '/api/smart-flow/work';
const OPERATOR_ID = '1123598821738675211';
const LISTS = ['claim', 'todo', 'send', 'done'] as const;
const opOf = (name: string) => `work${name[0]!.toUpperCase()}${name.slice(1)}List`;

describe.each(backends)('work list paging on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token;
    operator = (await login(s.app, '000000', 'operator', md5('operator'))).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const list = async (name: (typeof LISTS)[number] | 'start', token: string, query: string) => {
    const r = await call<Page>('GET', `${W}/${name}-list${query}`, opOf(name), token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const startLeave = async (reason: string) => {
    const r = await call('POST', '/api/smart-desk/process/leave/start-process', 'leaveStartProcess', admin, {
      processDefinitionId: 'Leave:1:4',
      taskUser: OPERATOR_ID,
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-03 18:00:00',
      reason,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };

  it('an empty list answers the size and page asked for, or the contract defaults', async () => {
    for (const name of LISTS) {
      expect(await list(name, operator, '?current=1&size=10')).toMatchObject({
        total: 0,
        size: 10,
        current: 1,
        pages: 0,
        records: [],
      });
      expect(await list(name, operator, '')).toMatchObject({ size: 10, current: 1 });
    }
  });

  it('the claim and to-do lists page their rows, newest first', async () => {
    await startLeave('第一条');
    await startLeave('第二条');
    await startLeave('第三条');
    const all = await list('claim', operator, '?current=1&size=10');
    expect(all).toMatchObject({ total: 3, size: 10, current: 1, pages: 1 });
    expect(all.records).toHaveLength(3);

    const first = await list('claim', operator, '?current=1&size=2');
    expect(first).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(first.records.map((r) => r.taskId)).toEqual(all.records.slice(0, 2).map((r) => r.taskId));
    const second = await list('claim', operator, '?current=2&size=2');
    expect(second).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(second.records.map((r) => r.taskId)).toEqual([all.records[2]!.taskId]);

    for (const r of all.records) {
      const claimed = await call('POST', `${W}/claim-task?taskId=${r.taskId}`, 'workClaimTask', operator);
      expect(claimed.status).toBe(200);
    }
    expect(await list('claim', operator, '?size=10')).toMatchObject({ total: 0, size: 10, records: [] });
    const todo = await list('todo', operator, '?current=2&size=2');
    expect(todo).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(todo.records).toHaveLength(1);
    // a page past the end is empty but still says where it is
    expect(await list('todo', operator, '?current=5&size=2')).toMatchObject({
      total: 3,
      size: 2,
      current: 5,
      records: [],
    });
  });
});
