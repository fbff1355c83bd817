import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './test/contract';
import { BASIC, backends, login, startTestServer, type TestServer, contractCall } from './test/harness';

interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
interface Flow {
  taskId: string;
  taskName: string;
  taskDefinitionKey: string;
  assignee: string;
  assigneeName: string;
  createTime: string;
  endTime: string;
  claimTime: string;
  historyTaskEndTime: string;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionName: string;
  categoryName: string;
  processIsFinished: string;
  historyActivityId: string;
  historyActivityName: string;
  businessTable: string;
  businessId: string;
  status: string;
  comment: string;
  pass?: boolean;
  variables?: Record<string, unknown>;
}
interface Leave {
  id: string;
  processInstanceId: string;
  taskUser: string;
  reason: string;
  startTime: string;
  endTime: string;
  createUser: string;
  flow: { assigneeName: string };
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const W = '/api/smart-flow/work';
const ADMIN_ID = '1123598821738675201';
const OPERATOR_ID = '1123598821738675211';
const DEMO_ADMIN_ID = '1123598821738675301';

describe.each(backends)('leave workflow on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let operator: string;
  let guest: string;
  let demo: string; // admin of tenant 100001
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app, '000000')).access_token;
    operator = (await login(s.app, '000000', 'operator', md5('operator'))).access_token;
    guest = (await login(s.app, '000000', 'guest', md5('guest'))).access_token;
    demo = (await login(s.app, '100001')).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const list = async (name: 'claim' | 'todo' | 'send' | 'done', token: string, query = '') => {
    const op = `work${name[0]!.toUpperCase()}${name.slice(1)}List`;
    const r = await call<Page<Flow>>('GET', `${W}/${name}-list${query}`, op, token);
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const start = (token: string, payload: object) =>
    call('POST', '/api/smart-desk/process/leave/start-process', 'leaveStartProcess', token, payload);
  const claim = (token: string, taskId: string) =>
    call('POST', `${W}/claim-task?taskId=${taskId}`, 'workClaimTask', token);
  const complete = (token: string, payload: object) =>
    call('POST', `${W}/complete-task`, 'workCompleteTask', token, payload);
  const history = (token: string, id: string, extra = '') =>
    call<Flow[]>(
      'GET',
      `/api/smart-flow/process/history-flow-list?processInstanceId=${id}${extra}`,
      'processHistoryFlowList',
      token,
    );
  const detail = (token: string, id: string) =>
    call<Leave>('GET', `/api/smart-desk/process/leave/detail?businessId=${id}`, 'leaveDetail', token);

  const leave = (reason: string, taskUser = OPERATOR_ID) => ({
    processDefinitionId: 'Leave:1:4',
    taskUser,
    startTime: '2026-12-01 09:00:00',
    endTime: '2026-12-03 18:00:00',
    reason,
  });

  /** Starts a leave as the admin and returns the approver's claim-list row of it. */
  const startLeave = async (reason: string): Promise<Flow> => {
    const r = await start(admin, leave(reason));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sent = await list('send', admin);
    const mine = sent.records.find((x) => x.status === 'finish' && x.processIsFinished === 'unfinished');
    expect(mine).toBeDefined();
    const row = (await list('claim', operator)).records.find(
      (x) => x.processInstanceId === mine!.processInstanceId,
    );
    expect(row).toBeDefined();
    return row!;
  };

  it('lists the seeded leave process on the start list (common processes), none of the tenant own', async () => {
    const r = await call<Page<{ id: string; key: string; categoryName: string; tenantId: string }>>(
      'GET',
      `${W}/start-list`,
      'workStartList',
      demo,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.records).toEqual([
      expect.objectContaining({ id: 'Leave:1:4', key: 'Leave', categoryName: '请假流程', tenantId: '' }),
    ]);
    const own = await call<Page<unknown>>('GET', `${W}/start-list?mode=2`, 'workStartList', admin);
    expect(own.body.data.total).toBe(0);
    const other = await call<Page<unknown>>('GET', `${W}/start-list?category=flow_2`, 'workStartList', admin);
    expect(other.body.data.records).toEqual([]);
  });

  it('start → claim → todo → approve → done / send lists → history → detail', async () => {
    const task = await startLeave('回老家办事');
    expect(task).toMatchObject({
      status: 'claim',
      taskName: '审批',
      assignee: '',
      processDefinitionId: 'Leave:1:4',
      processDefinitionName: '请假流程',
      categoryName: '请假流程',
      businessTable: 'blade_process_leave',
      processIsFinished: 'unfinished',
    });
    // the process variables reach the work list (the serializer dropped them while the schema declared none)
    expect(task.variables).toMatchObject({ createUser: 'admin', days: expect.any(Number) });
    expect(typeof task.variables?.['taskUser']).toBe('string');
    const pi = task.processInstanceId;
    // offered to the approver only: not on the applicant's, another user's or another tenant's lists
    expect((await list('claim', admin)).records.some((x) => x.taskId === task.taskId)).toBe(false);
    expect((await list('claim', guest)).records.some((x) => x.taskId === task.taskId)).toBe(false);
    expect((await list('claim', demo)).total).toBe(0);
    expect((await list('todo', operator)).records.some((x) => x.taskId === task.taskId)).toBe(false);

    // completing before claiming, and claims by others, are refused and change nothing
    expect(
      (await complete(operator, { taskId: task.taskId, processInstanceId: pi, flag: 'ok' })).status,
    ).toBe(400);
    expect((await claim(guest, task.taskId)).status).toBe(400);
    expect((await claim(demo, task.taskId)).status).toBe(400);

    const claimed = await claim(operator, task.taskId);
    expect(claimed.status).toBe(200);
    expect(claimed.body.msg).toBe('签收事务成功');
    expect((await claim(operator, task.taskId)).status).toBe(400); // already claimed
    expect((await list('claim', operator)).records.some((x) => x.taskId === task.taskId)).toBe(false);
    const todo = (await list('todo', operator)).records.find((x) => x.taskId === task.taskId);
    expect(todo).toMatchObject({
      status: 'todo',
      assignee: `taskUser_${OPERATOR_ID}`,
      assigneeName: '运维人员',
    });
    expect(todo!.claimTime).not.toBe('');
    const todoPage = await list('todo', operator);
    expect(todoPage).toMatchObject({ size: 10, current: 1 }); // the contract defaults, echoed

    // only the assignee completes: the applicant, another user and another tenant are refused
    for (const t of [admin, guest, demo]) {
      const r = await complete(t, {
        taskId: task.taskId,
        processInstanceId: pi,
        flag: 'ok',
        comment: '同意',
      });
      expect(r.status).toBe(400);
    }
    // the task id with another instance's id is not that task
    expect(
      (await complete(operator, { taskId: task.taskId, processInstanceId: '1', flag: 'ok' })).status,
    ).toBe(400);

    const done = await complete(operator, {
      taskId: task.taskId,
      processInstanceId: pi,
      flag: 'ok',
      comment: '同意',
    });
    expect(done.status).toBe(200);
    expect(
      (await complete(operator, { taskId: task.taskId, processInstanceId: pi, flag: 'ok' })).status,
    ).toBe(400);
    expect((await list('todo', operator)).records.some((x) => x.taskId === task.taskId)).toBe(false);

    const doneRow = (await list('done', operator)).records.find((x) => x.taskId === task.taskId);
    expect(doneRow).toMatchObject({ status: 'finish', processIsFinished: 'finished', comment: '同意' });
    expect(doneRow!.historyTaskEndTime).not.toBe('');
    expect((await list('done', admin)).records.some((x) => x.taskId === task.taskId)).toBe(false);
    const sent = (await list('send', admin)).records.find((x) => x.processInstanceId === pi);
    expect(sent).toMatchObject({
      status: 'finish',
      processIsFinished: 'finished',
      historyActivityName: '审批通过',
    });
    expect(sent!.endTime).not.toBe('');
    expect((await list('send', operator)).records.some((x) => x.processInstanceId === pi)).toBe(false);

    const h = await history(admin, pi);
    expect(h.status).toBe(200);
    expect(h.body.data.map((x) => x.historyActivityId)).toEqual(['start', 'approve', 'approved']);
    expect(h.body.data[0]).toMatchObject({ historyActivityName: '开始', assignee: `taskUser_${ADMIN_ID}` });
    expect(h.body.data[1]).toMatchObject({
      historyActivityName: '审批',
      assigneeName: '运维人员',
      comment: '同意',
      pass: true,
    });
    expect(h.body.data[2]).toMatchObject({ historyActivityName: '审批通过' });
    const part = await history(admin, pi, '&startActivityId=approve&endActivityId=approve');
    expect(part.body.data.map((x) => x.historyActivityId)).toEqual(['approve']);
    expect((await history(operator, pi)).status).toBe(200); // the approver of the same tenant sees it too

    const d = await detail(admin, task.businessId);
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({
      id: task.businessId,
      processInstanceId: pi,
      taskUser: OPERATOR_ID,
      reason: '回老家办事',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-03 18:00:00',
      createUser: ADMIN_ID,
    });
    expect(d.body.data.flow.assigneeName).toBe(h.body.data[0]!.assigneeName);
    expect(d.body.data.flow.assigneeName).not.toBe('');
  });

  it('reject ends the process rejected with the comment; an empty comment without flag rejects too', async () => {
    const task = await startLeave('理由不充分的请假');
    expect((await claim(operator, task.taskId)).status).toBe(200);
    const r = await complete(operator, {
      taskId: task.taskId,
      processInstanceId: task.processInstanceId,
      flag: '',
      comment: '时间冲突',
    });
    expect(r.status).toBe(200);
    const h = (await history(admin, task.processInstanceId)).body.data;
    expect(h.map((x) => x.historyActivityId)).toEqual(['start', 'approve', 'rejected']);
    expect(h[1]).toMatchObject({ comment: '时间冲突', pass: false });
    expect(h[2]).toMatchObject({ historyActivityName: '已驳回' });
    const sent = (await list('send', admin)).records.find(
      (x) => x.processInstanceId === task.processInstanceId,
    );
    expect(sent).toMatchObject({ processIsFinished: 'finished', historyActivityName: '已驳回' });

    const t2 = await startLeave('第二次');
    await claim(operator, t2.taskId);
    expect(
      (await complete(operator, { taskId: t2.taskId, processInstanceId: t2.processInstanceId })).status,
    ).toBe(200);
    const h2 = (await history(admin, t2.processInstanceId)).body.data;
    // as upstream: the stored comment defaults to 同意, the decision follows flag / the comment as sent
    expect(h2[1]).toMatchObject({ comment: '同意', pass: false });
    expect(h2[2]!.historyActivityId).toBe('rejected');
  });

  it('another tenant sees nothing of the process and its leave', async () => {
    const task = await startLeave('跨租户');
    expect((await history(demo, task.processInstanceId)).status).toBe(400);
    expect((await detail(demo, task.businessId)).status).toBe(400);
    expect((await list('send', demo)).total).toBe(0);
    expect((await list('done', demo)).total).toBe(0);
    // its admin cannot name an approver of tenant 000000, nor can tenant 000000 name one of 100001
    const foreign = await start(demo, leave('x', OPERATOR_ID));
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('审批人不存在');
    expect((await start(admin, leave('x', DEMO_ADMIN_ID))).status).toBe(400);
    // its own leave works within the tenant
    expect((await start(demo, leave('本租户', DEMO_ADMIN_ID))).status).toBe(200);
    const own = (await list('claim', demo)).records;
    expect(own).toHaveLength(1);
    expect((await history(admin, own[0]!.processInstanceId)).status).toBe(400);
    expect((await claim(admin, own[0]!.taskId)).status).toBe(400);
    expect((await list('claim', demo)).records).toHaveLength(1);
  });

  it('validates the inputs with 400s', async () => {
    const base = leave('ok');
    const { reason: _r, ...noReason } = base;
    const missing = await start(admin, noReason);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请输入请假理由');
    expect((await start(admin, { ...base, reason: '' })).status).toBe(400);
    expect((await start(admin, { ...base, taskUser: 'abc' })).status).toBe(400);
    expect((await start(admin, { ...base, startTime: '2026-12-01' })).status).toBe(400);
    expect((await start(admin, { ...base, endTime: '2026-02-31 10:00:00' })).status).toBe(400);
    const backwards = await start(admin, { ...base, endTime: '2026-11-30 09:00:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toBe('结束时间必须晚于开始时间');
    const unknown = await start(admin, { ...base, processDefinitionId: 'Expense:1:9' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('开启流程失败');
    expect((await start(admin, { ...base, taskUser: '999' })).body.msg).toBe('审批人不存在');
    expect((await complete(operator, { processInstanceId: '1' })).status).toBe(400);
    expect((await complete(operator, { taskId: '1', processInstanceId: '1', flag: 'maybe' })).status).toBe(
      400,
    );
    expect((await call('POST', `${W}/claim-task`, 'workClaimTask', operator)).status).toBe(400);
    expect((await claim(operator, 'x')).status).toBe(400);
    expect(
      (await call('GET', '/api/smart-flow/process/history-flow-list', 'processHistoryFlowList', admin))
        .status,
    ).toBe(400);
    expect((await history(admin, 'abc')).status).toBe(400);
    expect((await detail(admin, '1')).status).toBe(400);
    expect(
      (await call('GET', '/api/smart-desk/process/leave/detail?businessId=x', 'leaveDetail', admin)).status,
    ).toBe(400);
    expect((await call('GET', `${W}/todo-list?beginDate=yesterday`, 'workTodoList', admin)).status).toBe(400);
    expect((await call('GET', `${W}/start-list?mode=3`, 'workStartList', admin)).status).toBe(400);
  });

  it('filters the lists by process name and dates', async () => {
    await startLeave('筛选');
    expect((await list('send', admin, '?processDefinitionName=请假')).total).toBeGreaterThan(0);
    expect((await list('send', admin, '?processDefinitionName=报销')).total).toBe(0);
    expect((await list('claim', operator, '?beginDate=2099-01-01%2000:00:00')).total).toBe(0);
    expect((await list('claim', operator, '?endDate=2099-01-01%2000:00:00')).total).toBeGreaterThan(0);
    expect((await list('claim', operator, '?category=flow_2')).total).toBe(0);
  });

  it('answers 401 without a token', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: `${W}/todo-list`,
      headers: { authorization: BASIC },
    });
    expect(res.statusCode).toBe(401);
    expectContract(res, 'workTodoList');
  });
});
