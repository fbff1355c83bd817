import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';

import { CrudProvider } from './crud-context';
import { CrudPage } from './crud-page';
import { defineResource } from './define-resource';
import type { CrudAdapter, CrudListParams, Option } from './types';

type Param = {
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  isSealed: number;
  createTime: string;
};
type ParamForm = Pick<Param, 'paramName' | 'paramKey' | 'paramValue' | 'isSealed'>;

const zh: Record<string, string> = {
  'param.title': '参数',
  'param.paramName': '参数名称',
  'param.paramKey': '参数键名',
  'param.paramValue': '参数键值',
  'param.isSealed': '是否封存',
  'param.createTime': '创建时间',
  'param.rules.paramName': '请输入参数名称',
  'param.rules.paramKey': '请输入参数键名',
  'param.rules.paramValue': '请输入参数键值',
};

const paramResource = defineResource<Param, ParamForm>({
  name: 'param',
  columns: [
    {
      prop: 'paramName',
      label: 'param.paramName',
      search: true,
      sortable: true,
      hideable: false,
      rules: { required: 'param.rules.paramName' },
    },
    {
      prop: 'paramKey',
      label: 'param.paramKey',
      search: true,
      sortable: true,
      minWidth: 120,
      rules: { required: 'param.rules.paramKey' },
    },
    {
      prop: 'paramValue',
      label: 'param.paramValue',
      type: 'textarea',
      rows: 6,
      span: 24,
      rules: { required: 'param.rules.paramValue' },
    },
    {
      prop: 'isSealed',
      label: 'param.isSealed',
      type: 'switch',
      dict: 'yes_no',
      defaultValue: 0,
      width: 100,
    },
    {
      prop: 'createTime',
      label: 'param.createTime',
      type: 'datetime',
      search: true,
      searchRange: true,
      hideInForm: true,
      sortable: true,
      width: 170,
    },
  ],
  menuWidth: 250,
  dialog: { width: 880, closeOnOutsideClick: false },
});

const yesNo: Option[] = [
  { label: '否', value: 0 },
  { label: '是', value: 1 },
];

function createMemoryAdapter() {
  let seq = 0;
  let rows: Param[] = [
    ['是否开放注册', 'account.registerUser', 'true'],
    ['账号初始密码', 'account.initPassword', '123456'],
    ['登录失败锁定次数', 'account.failCount', '5'],
    ['默认租户', 'tenant.default', '000000'],
    ['令牌有效期', 'token.time', '3000'],
    ['验证码模式', 'captcha.mode', 'false'],
    ['租户模式', 'tenant.mode', 'false'],
    ['切换模式', 'switch.mode', 'false'],
    ['主题色', 'theme.color', '#409EFF'],
    ['站点标题', 'site.title', 'Smart Console'],
    ['分页默认大小', 'page.size', '10'],
    ['日志保留天数', 'log.keepDays', '30'],
  ].map(([paramName, paramKey, paramValue], i) => ({
    id: String(++seq),
    paramName: paramName ?? '',
    paramKey: paramKey ?? '',
    paramValue: paramValue ?? '',
    isSealed: i % 3 === 0 ? 1 : 0,
    createTime: `2026-01-${String(i + 1).padStart(2, '0')} 10:00:00`,
  }));
  const delay = () => new Promise((r) => setTimeout(r, 250));
  const adapter: CrudAdapter<Param, ParamForm> = {
    async list(params: CrudListParams) {
      await delay();
      const filtered = rows.filter(
        (r) =>
          (!params.paramName || r.paramName.includes(String(params.paramName))) &&
          (!params.paramKey || r.paramKey.includes(String(params.paramKey))) &&
          (!params.createTime_dategt || r.createTime >= String(params.createTime_dategt)) &&
          (!params.createTime_datelt || r.createTime <= String(params.createTime_datelt)),
      );
      const field = (snake: string) =>
        snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof Param;
      const sortBy = params.ascs ?? params.descs;
      if (typeof sortBy === 'string') {
        const key = field(sortBy.split(',')[0] ?? '');
        const dir = params.descs ? -1 : 1;
        filtered.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * dir);
      }
      const start = (params.current - 1) * params.size;
      return { records: filtered.slice(start, start + params.size), total: filtered.length };
    },
    async detail(id) {
      await delay();
      const row = rows.find((r) => r.id === id);
      if (!row) throw new Error('not found');
      return row;
    },
    async create(form) {
      await delay();
      rows = [{ ...form, id: String(++seq), createTime: '2026-02-01 09:00:00' }, ...rows];
    },
    async update(form) {
      await delay();
      rows = rows.map((r) => (r.id === form.id ? { ...r, ...form } : r));
    },
    async remove(ids) {
      await delay();
      rows = rows.filter((r) => !ids.includes(r.id));
    },
  };
  return adapter;
}

type StoryArgs = {
  permissions: string[];
  onList: (params: CrudListParams) => void;
};

function ParamPage({ permissions, onList }: StoryArgs) {
  const adapter = createMemoryAdapter();
  const spied: CrudAdapter<Param, ParamForm> = {
    ...adapter,
    list: (params) => {
      onList(params);
      return adapter.list(params);
    },
  };
  return (
    <CrudProvider
      value={{
        t: (key) => zh[key] ?? key,
        can: (code) => permissions.includes(code),
        dictionary: (code) => (code === 'yes_no' ? yesNo : []),
      }}
    >
      <CrudPage resource={paramResource} adapter={spied} />
    </CrudProvider>
  );
}

const meta = {
  title: 'CRUD/CrudPage',
  component: ParamPage,
  parameters: { layout: 'padded' },
  args: {
    permissions: ['param_add', 'param_edit', 'param_delete', 'param_view'],
    onList: fn(),
  },
} satisfies Meta<typeof ParamPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The parameter page: search, toolbar, table with index/selection, 250-wide action column, dialog 880. */
export const Parameters: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await canvas.findByText('account.registerUser');
    await userEvent.type(canvas.getByLabelText('参数名称'), '账号');
    await userEvent.click(canvas.getByRole('button', { name: /搜索|Search/ }));
    await waitFor(() =>
      expect(args.onList).toHaveBeenLastCalledWith({ current: 1, size: 10, paramName: '账号' }),
    );
    await canvas.findByText('account.initPassword');
  },
};

export const BatchDeleteNeedsSelection: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('account.registerUser');
    await userEvent.click(within(canvas.getByRole('toolbar')).getByRole('button', { name: /删除|Delete/ }));
    await expect(
      await screen.findByText(/请选择至少一条数据|Please select at least one row/),
    ).toBeInTheDocument();
  },
};

export const AddShowsRulesOnBlur: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('account.registerUser');
    await userEvent.click(canvas.getByRole('button', { name: /新增|Add/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('参数名称'));
    await userEvent.tab();
    await expect(await within(dialog).findByText('请输入参数名称')).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('参数键值')).toHaveAttribute('rows', '6');
  },
};

export const ViewIsReadOnly: Story = {
  play: async ({ canvas, userEvent }) => {
    const cell = await canvas.findByText('account.registerUser');
    const row = cell.closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /查看|View/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('参数名称')).toHaveValue('是否开放注册'));
    await expect(within(dialog).getByLabelText('参数名称')).toHaveAttribute('readonly');
  },
};

export const ReadOnlyUser: Story = { args: { permissions: ['param_view'] } };

/** Header click sorts on the server: the adapter receives `ascs` / `descs` in snake_case, page back to 1. */
export const ServerSorting: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await canvas.findByText('account.registerUser');
    const header = canvas.getByRole('columnheader', { name: /创建时间/ });
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() =>
      expect(args.onList).toHaveBeenLastCalledWith({ current: 1, size: 10, ascs: 'create_time' }),
    );
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() =>
      expect(args.onList).toHaveBeenLastCalledWith({ current: 1, size: 10, descs: 'create_time' }),
    );
  },
};

/** Toolbar: export (CSV / Excel of every row of the current search), refresh, density and column settings. */
export const ToolbarExportAndColumns: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('account.registerUser');
    const toolbar = canvas.getByRole('toolbar');
    await userEvent.click(within(toolbar).getByRole('button', { name: /列设置|Columns/ }));
    const popover = await screen.findByRole('dialog');
    await expect(within(popover).getByRole('checkbox', { name: '参数名称' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(toolbar).getByRole('button', { name: /导出|Export/ }));
    await expect(await screen.findByRole('menuitem', { name: /CSV/ })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};
