import { configureHttp, type TokenResult } from '@smart/api-sdk';
import { errorResponse } from '@smart/api-sdk/mocks';
import { updateSession } from '@smart/auth';
import { toast, Toaster } from '@smart/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { feature, resolveLeaveView } from './index';
import { LeaveForm } from './LeaveForm';
import { LeavePage } from './LeavePages';
import { leaveState } from './LeaveInfo';
import { parseLeaveRoute } from './leave-routes';
import { renderWithShell, setupMswServer } from './test-utils';

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });
const ME = '1123598821738675211';
const PI = '2501';
const BID = '1123598831738675201';
const TASK = '2510';

const leave = {
  id: BID,
  processInstanceId: PI,
  applyTime: '2026-11-22 10:30:00',
  flow: { assigneeName: '管理员' },
  processDefinitionId: 'Leave:1:4',
  taskUser: ME,
  startTime: '2026-12-01 09:00:00',
  endTime: '2026-12-03 18:00:00',
  reason: '回老家办事',
  createUser: '1123598821738675201',
  createDept: '1123598813738675201',
  createTime: '2026-11-22 10:30:00',
  updateUser: '1123598821738675201',
  updateTime: '2026-11-22 10:30:00',
  status: 1,
  isDeleted: 0,
};
const startRow = {
  historyActivityId: 'start',
  historyActivityName: '开始',
  assigneeName: '管理员',
  createTime: '2026-11-22 10:30:00',
  endTime: '2026-11-22 10:30:00',
  comment: '',
};
const approveRow = (assignee: string, endTime = '', comment = '') => ({
  taskId: TASK,
  historyActivityId: 'approve',
  historyActivityName: '审批',
  assignee: assignee ? `taskUser_${assignee}` : '',
  assigneeName: assignee ? '运维人员' : '',
  createTime: '2026-11-22 10:30:00',
  endTime,
  comment,
});

let history: object[] = [];
let claimable: object[] = [];
let started: unknown[] = [];
let claims: string[] = [];
let completed: unknown[] = [];
let claimQueries: Record<string, string>[] = [];

const server = setupMswServer(
  http.get('*/api/smart-user/page', () =>
    ok({
      total: 1,
      size: 200,
      current: 1,
      pages: 1,
      records: [{ id: ME, account: 'operator', realName: '运维人员' }],
    }),
  ),
  http.post('*/api/smart-desk/process/leave/start-process', async ({ request }) => {
    started.push(await request.json());
    return ok({});
  }),
  http.get('*/api/smart-desk/process/leave/detail', () => ok(leave)),
  http.get('*/api/smart-flow/process/history-flow-list', () => ok(history)),
  http.get('*/api/smart-flow/work/claim-list', ({ request }) => {
    claimQueries.push(Object.fromEntries(new URL(request.url).searchParams));
    return ok({ total: claimable.length, size: 100, current: 1, pages: 1, records: claimable });
  }),
  http.post('*/api/smart-flow/work/claim-task', ({ request }) => {
    claims.push(new URL(request.url).searchParams.get('taskId') ?? '');
    history = [startRow, approveRow(ME)];
    claimable = [];
    return ok({});
  }),
  http.post('*/api/smart-flow/work/complete-task', async ({ request }) => {
    const body = (await request.json()) as { flag?: string; comment?: string };
    completed.push(body);
    const pass = body.flag === 'ok';
    history = [
      startRow,
      approveRow(ME, '2026-11-22 11:00:00', body.comment ?? '同意'),
      {
        historyActivityId: pass ? 'approved' : 'rejected',
        historyActivityName: pass ? '审批通过' : '已驳回',
      },
    ];
    return ok({});
  }),
);

beforeEach(() => {
  history = [startRow, approveRow('')];
  claimable = [{ taskId: TASK, processInstanceId: PI, status: 'claim' }];
  started = [];
  claims = [];
  completed = [];
  claimQueries = [];
  updateSession({ userInfo: { user_id: ME, account: 'operator', user_name: 'operator' } as TokenResult });
});

describe('leave routes', () => {
  it('parses the three leave paths and nothing else', () => {
    expect(parseLeaveRoute('/work/process/leave/form/Leave%3A1%3A4')).toEqual({
      page: 'form',
      processDefinitionId: 'Leave:1:4',
    });
    expect(parseLeaveRoute(`/work/process/leave/handle/${TASK}/${PI}/${BID}`)).toEqual({
      page: 'handle',
      taskId: TASK,
      processInstanceId: PI,
      businessId: BID,
    });
    expect(parseLeaveRoute(`/work/process/leave/detail/${PI}/${BID}`)).toEqual({
      page: 'detail',
      processInstanceId: PI,
      businessId: BID,
    });
    expect(parseLeaveRoute('/work/process/leave/detail/1')).toBeUndefined();
    expect(parseLeaveRoute('/work/process/leave/form/a/b')).toBeUndefined();
    expect(parseLeaveRoute('/work/process/leave/edit/1')).toBeUndefined();
    expect(parseLeaveRoute('/work/process/leave/form/%E0')).toBeUndefined();
    expect(parseLeaveRoute('/system/user')).toBeUndefined();
  });

  it('resolve to in-layout views with their own tab labels, from the feature object', async () => {
    expect(feature.resolve).toBe(resolveLeaveView);
    expect(resolveLeaveView('/work/process/leave/form/Leave:1:4')).toMatchObject({
      label: 'leave.formTitle',
    });
    expect(resolveLeaveView(`/work/process/leave/handle/${TASK}/${PI}/${BID}`)).toMatchObject({
      label: 'leave.handleTitle',
    });
    const detail = resolveLeaveView(`/work/process/leave/detail/${PI}/${BID}`);
    expect(detail).toMatchObject({ label: 'leave.detailTitle' });
    expect(typeof (await detail!.load()).default).toBe('function');
    expect(resolveLeaveView('/work/process/leave/detail/x')).toBeUndefined();
    // the work lists are fixed routes; a leave path is none of them
    expect(Object.keys(feature.routes).some((p) => p.startsWith('/work/process/'))).toBe(false);
  });
});

describe('leave helpers', () => {
  it('reads the state from the history', () => {
    expect(leaveState([])).toBe('running');
    expect(leaveState([{ historyActivityId: 'start' }, { historyActivityId: 'approved' }])).toBe('approved');
    expect(leaveState([{ historyActivityId: 'rejected' }])).toBe('rejected');
  });
});

/** The month the kit's calendar opens on. */
const MONTH = dayjs().format('YYYY-MM');

/** Picks a day of this month and an hour in the kit's date-time picker of the field labelled `label`. */
async function pickDateTime(user: UserEvent, label: string, day: string, hour: number) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const picker = await screen.findByRole('dialog');
  await user.click(picker.querySelector(`button[data-day="${MONTH}-${day}"]`)!);
  await user.selectOptions(within(picker).getByRole('combobox', { name: '时' }), String(hour));
  await user.click(within(picker).getByRole('button', { name: '确定' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('leave form', () => {
  it('shows the rules, then starts the process with the contract body', async () => {
    const user = userEvent.setup();
    renderWithShell(<LeaveForm processDefinitionId="Leave:1:4" />);
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        '请选择审批人',
        '请选择开始时间',
        '请选择结束时间',
        '请输入请假理由',
      ]),
    );
    expect(started).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: '审批人' }));
    await user.click(await screen.findByRole('option', { name: '运维人员 (operator)' }));
    await pickDateTime(user, '开始时间', '03', 9);
    await pickDateTime(user, '结束时间', '01', 18);
    await user.type(screen.getByLabelText('请假理由'), '回老家办事');
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('结束时间必须晚于开始时间')).toBeInTheDocument();
    expect(started).toEqual([]);

    await pickDateTime(user, '开始时间', '01', 9);
    await pickDateTime(user, '结束时间', '03', 18);
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(started).toHaveLength(1));
    // on to the sent list, as upstream
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/work/send'));
    expect(started[0]).toEqual({
      processDefinitionId: 'Leave:1:4',
      taskUser: ME,
      startTime: `${MONTH}-01 09:00:00`,
      endTime: `${MONTH}-03 18:00:00`,
      reason: '回老家办事',
    });
  }, 20_000);
});

describe('leave handle and detail', () => {
  const handlePath = `/work/process/leave/handle/${TASK}/${PI}/${BID}`;

  it('claims a candidate task, then approves it and opens the detail', async () => {
    const user = userEvent.setup();
    renderWithShell(
      <LeavePage route={{ page: 'handle', taskId: TASK, processInstanceId: PI, businessId: BID }} />,
      {
        path: handlePath,
      },
    );
    expect(await screen.findByText('回老家办事')).toBeInTheDocument();
    expect(screen.getByTestId('leave-state')).toHaveTextContent('审批中');
    await user.click(await screen.findByRole('button', { name: '签收' }));
    await waitFor(() => expect(claims).toEqual([TASK]));
    // the claim list is paged: the page asks for the tasks created in the task's second only
    expect(claimQueries[0]).toEqual({
      beginDate: '2026-11-22 10:30:00',
      endDate: '2026-11-22 10:30:01',
      size: '100',
    });
    await user.click(await screen.findByRole('button', { name: '同意' }));
    await waitFor(() => expect(completed).toEqual([{ taskId: TASK, processInstanceId: PI, flag: 'ok' }]));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/work/process/leave/detail/${PI}/${BID}`),
    );
  });

  it('asks for a comment before rejecting, then rejects with it', async () => {
    history = [startRow, approveRow(ME)];
    claimable = [];
    const user = userEvent.setup();
    renderWithShell(
      <LeavePage route={{ page: 'handle', taskId: TASK, processInstanceId: PI, businessId: BID }} />,
      {
        path: handlePath,
      },
    );
    await user.click(await screen.findByRole('button', { name: '驳回' }));
    expect(await screen.findByText('驳回时请填写审批意见')).toBeInTheDocument();
    expect(completed).toEqual([]);
    await user.type(screen.getByLabelText('审批意见'), '时间冲突');
    await user.click(screen.getByRole('button', { name: '驳回' }));
    await waitFor(() =>
      expect(completed).toEqual([{ taskId: TASK, processInstanceId: PI, flag: '', comment: '时间冲突' }]),
    );
  });

  it('offers no decision on a task of someone else', async () => {
    history = [startRow, approveRow('42')];
    claimable = [];
    renderWithShell(
      <LeavePage route={{ page: 'handle', taskId: TASK, processInstanceId: PI, businessId: BID }} />,
    );
    expect(await screen.findByText('回老家办事')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '签收' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '同意' })).not.toBeInTheDocument();
  });

  it('detail shows the leave, the outcome and the history, read-only', async () => {
    history = [
      startRow,
      approveRow(ME, '2026-11-22 11:00:00', '同意'),
      { historyActivityId: 'approved', historyActivityName: '审批通过' },
    ];
    renderWithShell(<LeavePage route={{ page: 'detail', processInstanceId: PI, businessId: BID }} />);
    expect(await screen.findByTestId('leave-state')).toHaveTextContent('已通过');
    expect(screen.getByText('管理员', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('运维人员', { selector: 'dd' })).toBeInTheDocument();
    const table = screen.getByTestId('leave-history');
    expect(table).toHaveTextContent('审批通过');
    expect(table).toHaveTextContent('同意');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a leave that does not exist: the server message as a toast and a clear state, not a blank tab', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/smart-desk/process/leave/detail', () => {
        asked.push('detail');
        return errorResponse(400, '数据不存在');
      }),
      http.get('*/api/smart-flow/process/history-flow-list', () => {
        asked.push('history');
        return errorResponse(400, '数据不存在');
      }),
    );
    // the console's HTTP setup toasts what the server refuses (apps/console/src/shell/http-setup.ts)
    configureHttp({ notifyError: (message) => void toast.error(message) });
    const user = userEvent.setup();
    renderWithShell(
      <>
        <LeavePage route={{ page: 'detail', processInstanceId: '1', businessId: '2' }} />
        <Toaster />
      </>,
    );
    const state = await screen.findByTestId('leave-unavailable');
    expect(state).toHaveTextContent('无法打开该请假事务');
    expect(state).toHaveTextContent('数据不存在');
    // one toast: the two identical refusals collapse (libs/api-sdk/src/http/notify.ts)
    const refusals = () =>
      [...document.querySelectorAll('[data-sonner-toast]')].filter((n) =>
        n.textContent?.includes('数据不存在'),
      );
    await waitFor(() => expect(refusals()).toHaveLength(1));
    expect(asked.sort()).toEqual(['detail', 'history']);

    await user.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(asked).toHaveLength(4));
    await user.click(await screen.findByRole('button', { name: '返回已发事务' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/work/send');
  });

  it('the handle page of a task that does not exist offers the way back to the to-do list', async () => {
    server.use(http.get('*/api/smart-desk/process/leave/detail', () => errorResponse(400, '数据不存在')));
    const user = userEvent.setup();
    renderWithShell(
      <LeavePage route={{ page: 'handle', taskId: '9', processInstanceId: PI, businessId: '3' }} />,
    );
    expect(await screen.findByTestId('leave-unavailable')).toHaveTextContent('数据不存在');
    expect(screen.queryByRole('button', { name: '签收' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回待办事务' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/work/todo');
  });
});
