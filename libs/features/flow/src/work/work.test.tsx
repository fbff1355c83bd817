import { configureHttp, dictDictionary, type BladeFlow, type FlowProcess } from '@smart/api-sdk';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { CrudProvider } from '@smart/crud';
import { toast, Toaster } from '@smart/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { feature } from '../index';
import zh from '../i18n/zh';
import { renderWithShell, setupMswServer } from '../test-utils';
import { ClaimPage, DonePage, SendPage, StartPage, TodoPage } from './WorkPages';

const PI = '2501';
const BID = '1123598831738675201';

const process: FlowProcess = {
  id: 'Leave:1:4',
  tenantId: '',
  name: '请假流程',
  key: 'Leave',
  category: 'flow_1',
  categoryName: '请假流程',
  version: 1,
  deploymentId: '1',
  resourceName: 'leave.bpmn20.xml',
  diagramResourceName: 'leave.Leave.png',
  suspensionState: 1,
  deploymentTime: '2026-11-22 10:30:00',
};

const task = (i: number, over: Partial<BladeFlow> = {}): BladeFlow => ({
  taskId: String(2510 + i),
  taskName: '审批',
  processInstanceId: String(Number(PI) + i),
  processDefinitionName: '请假流程',
  processDefinitionVersion: 1,
  category: 'flow_1',
  categoryName: '请假流程',
  businessId: BID,
  createTime: '2026-11-22 10:30:00',
  variables: { createUser: `user-${String(i).padStart(2, '0')}`, days: 2 },
  ...over,
});

const history = [
  {
    historyActivityId: 'start',
    historyActivityName: '开始',
    assigneeName: '管理员',
    endTime: '2026-11-22 10:30:00',
  },
  {
    historyActivityId: 'approve',
    historyActivityName: '审批',
    assigneeName: '运维人员',
    comment: '同意,注意安全',
  },
];

let rows: Record<string, BladeFlow[]> = {};
let asked: Record<string, URLSearchParams[]> = {};
let claims: string[] = [];

const page = <T,>(list: string, records: T[], q: URLSearchParams) => {
  const current = Number(q.get('current') ?? 1);
  const size = Number(q.get('size') ?? 10);
  const shown = records.slice((current - 1) * size, current * size);
  return envelope({
    total: records.length,
    size,
    current,
    pages: Math.ceil(records.length / size),
    records: shown,
  });
};

const server = setupMswServer(
  http.get('*/api/smart-system/dict/dictionary', () =>
    HttpResponse.json(
      envelope([
        {
          id: '1',
          parentId: '9',
          code: 'flow',
          dictKey: '1',
          dictValue: '请假流程',
          sort: 1,
          remark: 'leave',
        },
        {
          id: '2',
          parentId: '9',
          code: 'flow',
          dictKey: '2',
          dictValue: '报销流程',
          sort: 2,
          remark: 'expense',
        },
      ]),
    ),
  ),
  http.get('*/api/smart-flow/work/:list', ({ request, params }) => {
    const list = String(params['list']).replace('-list', '');
    const q = new URL(request.url).searchParams;
    (asked[list] ??= []).push(q);
    if (list === 'start') return HttpResponse.json(page(list, q.get('mode') === '2' ? [] : [process], q));
    return HttpResponse.json(page(list, rows[list] ?? [], q));
  }),
  http.post('*/api/smart-flow/work/claim-task', ({ request }) => {
    const taskId = new URL(request.url).searchParams.get('taskId') ?? '';
    claims.push(taskId);
    rows['claim'] = (rows['claim'] ?? []).filter((r) => r.taskId !== taskId);
    return HttpResponse.json(envelope({}, '签收事务成功'));
  }),
  http.get('*/api/smart-flow/process/history-flow-list', () => HttpResponse.json(envelope(history))),
);

const t = (key: string) => {
  const value = key
    .split('.')
    .reduce<unknown>((n, part) => (n as Record<string, unknown> | undefined)?.[part], zh);
  return typeof value === 'string' ? value : key;
};

/** The console's dictionary lookup (apps/console/src/shell/dictionary.ts). */
const dictionary = async (code: string) =>
  (await dictDictionary({ code })).map((i) => ({ label: i.dictValue, value: i.dictKey }));

/** A work page as the layout shows it: the kit's context with the feature's labels, the toaster. */
const renderPage = (ui: ReactNode) =>
  renderWithShell(
    <CrudProvider value={{ t, can: () => true, dictionary }}>
      {ui}
      <Toaster />
    </CrudProvider>,
  );

const last = (list: string) => Object.fromEntries(asked[list]?.at(-1) ?? []);

beforeEach(() => {
  rows = {};
  asked = {};
  claims = [];
  // the console's HTTP setup toasts what the server refuses (apps/console/src/shell/http-setup.ts)
  configureHttp({ notifyError: (message) => void toast.error(message) });
});

describe('work routes', () => {
  it('serves the five menu paths, each with its tab label and the work menu icons', async () => {
    expect(Object.keys(feature.routes)).toEqual([
      '/work/start',
      '/work/claim',
      '/work/todo',
      '/work/send',
      '/work/done',
    ]);
    expect(feature.routeLabels['/work/todo']).toBe('work.todoTitle');
    expect(Object.keys(feature.icons)).toEqual([
      'briefcase',
      'play',
      'hand',
      'list-todo',
      'send',
      'check-check',
    ]);
    const loaded = await Promise.all(Object.values(feature.routes).map((load) => load()));
    expect(loaded.map((m) => m.default)).toEqual([StartPage, ClaimPage, TodoPage, SendPage, DonePage]);
  });
});

describe('发起事务', () => {
  it('lists the common processes, switches to the own ones, searches by category and starts one', async () => {
    const user = userEvent.setup();
    renderPage(<StartPage />);
    const row = await screen.findByRole('row', { name: /Leave/ });
    expect(within(row).getByText('通用')).toBeInTheDocument();
    expect(within(row).getByText('v1')).toBeInTheDocument();
    expect(within(row).getByText('激活')).toBeInTheDocument();
    expect(last('start')).toEqual({ current: '1', size: '10', mode: '1' });
    // read-only: none of the kit's add / edit / delete / view buttons
    for (const name of ['新增', '编辑', '删除', '查看'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '定制流程' }));
    await waitFor(() => expect(last('start')).toMatchObject({ mode: '2' }));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '通用流程' }));

    await user.click(screen.getByRole('combobox', { name: '流程分类' }));
    await user.click(await screen.findByRole('option', { name: '请假流程' }));
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(last('start')).toEqual({ current: '1', size: '10', mode: '1', category: 'flow_1' }),
    );

    await user.click(await screen.findByRole('button', { name: '发起' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/work/process/leave/form/Leave%3A1%3A4');
  }, 20_000);
});

describe('流程分类', () => {
  it("shows a category by the dictionary's label (the operator's language), not the server's Chinese name", async () => {
    server.use(
      http.get('*/api/smart-system/dict/dictionary', () =>
        HttpResponse.json(
          envelope([
            {
              id: '1',
              parentId: '9',
              code: 'flow',
              dictKey: '1',
              dictValue: 'Leave request',
              sort: 1,
              remark: '',
            },
          ]),
        ),
      ),
    );
    renderPage(<StartPage />);
    const row = await screen.findByRole('row', { name: /Leave/ });
    expect(await within(row).findByText('Leave request')).toBeInTheDocument();
    // the process is named 请假流程 too: that cell stays, the category's is the dictionary's
    expect(within(row).getAllByText('请假流程')).toHaveLength(1);
  });
});

describe('待签事务', () => {
  it('claims a task after confirming it, then lists the rest', async () => {
    rows['claim'] = [task(1), task(2)];
    const user = userEvent.setup();
    renderPage(<ClaimPage />);
    const row = await screen.findByRole('row', { name: /user-01/ });
    await user.click(within(row).getByRole('button', { name: '签收' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('确定签收此任务?');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(claims).toEqual(['2511']));
    expect(await screen.findByText('签收事务成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /user-01/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /user-02/ })).toBeInTheDocument();
    expect(asked['claim']).toHaveLength(2);
  });

  it('cancelling the confirmation claims nothing', async () => {
    rows['claim'] = [task(1)];
    const user = userEvent.setup();
    renderPage(<ClaimPage />);
    await user.click(await screen.findByRole('button', { name: '签收' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '取消' }));
    expect(claims).toEqual([]);
  });
});

describe('待办事务', () => {
  it('pages and searches by the contract parameters, and opens the handle and detail pages', async () => {
    rows['todo'] = Array.from({ length: 12 }, (_, i) => task(i + 1));
    const user = userEvent.setup();
    renderPage(<TodoPage />);
    await screen.findByRole('row', { name: /user-01/ });
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(last('todo')).toEqual({ current: '2', size: '10' }));
    await screen.findByRole('row', { name: /user-12/ });

    await user.type(screen.getByLabelText('流程名称'), '请假');
    await user.click(screen.getByRole('combobox', { name: '申请时间' }));
    const calendar = await screen.findByRole('dialog');
    const month = dayjs().format('YYYY-MM');
    for (const day of ['01', '12'])
      await user.click(calendar.querySelector(`button[data-day="${month}-${day}"]`)!);
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(last('todo')).toEqual({
        current: '1',
        size: '10',
        processDefinitionName: '请假',
        beginDate: `${month}-01 00:00:00`,
        endDate: `${month}-12 23:59:59`,
      }),
    );

    const row = await screen.findByRole('row', { name: /user-01/ });
    await user.click(within(row).getByRole('button', { name: '办理' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/work/process/leave/handle/2511/2502/${BID}`);
    await user.click(within(row).getByRole('button', { name: '详情' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/work/process/leave/detail/2502/${BID}`);
  }, 20_000);

  it('offers no page of a process the console has none for (报销), only its history', async () => {
    rows['todo'] = [task(1, { category: 'flow_2', processDefinitionName: '报销流程' })];
    renderPage(<TodoPage />);
    const row = await screen.findByRole('row', { name: /报销流程/ });
    expect(within(row).getByRole('button', { name: '流程记录' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '办理' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '详情' })).not.toBeInTheDocument();
  });
});

describe('已发事务 and 办结事务', () => {
  it('已发 shows where each request stands and its history, read-only', async () => {
    rows['send'] = [
      task(1, {
        historyActivityName: '审批通过',
        processIsFinished: 'finished',
        endTime: '2026-11-22 11:00:00',
      }),
      task(2, { historyActivityName: '审批', processIsFinished: 'unfinished' }),
    ];
    const user = userEvent.setup();
    renderPage(<SendPage />);
    const done = await screen.findByRole('row', { name: /审批通过/ });
    expect(within(done).getByText('已完成')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /未完成/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '签收' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '办理' })).not.toBeInTheDocument();

    await user.click(within(done).getByRole('button', { name: '流程记录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('流程记录')).toBeInTheDocument();
    expect(await within(dialog).findByText('同意,注意安全')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(done).getByRole('button', { name: '详情' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/work/process/leave/detail/2502/${BID}`);
  });

  it('办结 lists the completed tasks with their comment', async () => {
    rows['done'] = [
      task(1, { comment: '同意', processIsFinished: 'finished', historyTaskEndTime: '2026-11-22 11:00:00' }),
    ];
    renderPage(<DonePage />);
    const row = await screen.findByRole('row', { name: /2026-11-22 11:00:00/ });
    expect(within(row).getByText('同意')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '详情' })).toBeInTheDocument();
  });

  it('a refused list shows the server message as a toast and an empty table', async () => {
    server.use(http.get('*/api/smart-flow/work/done-list', () => errorResponse(400, '参数错误')));
    renderPage(<DonePage />);
    expect(await screen.findByText('参数错误')).toBeInTheDocument();
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});
