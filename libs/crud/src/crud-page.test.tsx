import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { Activity } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { Toaster, UiLocaleProvider } from '@smart/ui';
import { CrudProvider } from './crud-context';
import { CrudPage } from './crud-page';
import { defineResource } from './define-resource';
import type { CrudAdapter, CrudListParams } from './types';

type Param = { id: string; paramName: string; paramKey: string; paramValue: string; createTime?: string };
type ParamForm = Omit<Param, 'id' | 'createTime'>;

const catalogue: Record<string, string> = {
  'param.title': '参数',
  'param.fields.paramName': '参数名称',
  'param.fields.paramKey': '参数键名',
  'param.fields.paramValue': '参数键值',
  'param.fields.createTime': '创建时间',
  'param.rules.paramName': '请输入参数名称',
  'param.rules.paramKey': '请输入参数键名',
  'param.rules.paramValue': '请输入参数键值',
};
const t = (key: string) => catalogue[key] ?? key;

const paramResource = defineResource<Param, ParamForm>({
  name: 'param',
  columns: [
    {
      prop: 'paramName',
      label: 'param.fields.paramName',
      search: true,
      rules: { required: 'param.rules.paramName' },
    },
    {
      prop: 'paramKey',
      label: 'param.fields.paramKey',
      search: true,
      rules: { required: 'param.rules.paramKey' },
    },
    {
      prop: 'paramValue',
      label: 'param.fields.paramValue',
      type: 'textarea',
      rows: 6,
      rules: { required: 'param.rules.paramValue' },
    },
    {
      prop: 'createTime',
      label: 'param.fields.createTime',
      type: 'datetime',
      search: true,
      searchRange: true,
      hideInForm: true,
      hideInList: true,
    },
  ],
  menuWidth: 250,
  dialog: { width: 880, closeOnOutsideClick: false },
});

function makeRows(n: number): Param[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    paramName: `name ${i + 1}`,
    paramKey: `key.${i + 1}`,
    paramValue: `value ${i + 1}`,
  }));
}

function makeAdapter(rows: Param[] = makeRows(25)) {
  const adapter = {
    list: vi.fn(async (params: CrudListParams) => {
      const start = (params.current - 1) * params.size;
      return { records: rows.slice(start, start + params.size), total: rows.length };
    }),
    create: vi.fn(async (_form: ParamForm) => true),
    update: vi.fn(async (_form: ParamForm & { id: string }) => true),
    remove: vi.fn(async (_ids: string[]) => true),
  } satisfies CrudAdapter<Param, ParamForm>;
  return adapter;
}

function renderPage(adapter: CrudAdapter<Param, ParamForm>, can: (code: string) => boolean = () => true) {
  const user = userEvent.setup();
  const utils = render(
    <UiLocaleProvider locale="zh">
      <CrudProvider value={{ t, can }}>
        <CrudPage resource={paramResource} adapter={adapter} />
      </CrudProvider>
      <Toaster />
    </UiLocaleProvider>,
  );
  return { user, ...utils };
}

async function waitForRows() {
  await screen.findByText('name 1');
}

function lastListParams(adapter: ReturnType<typeof makeAdapter>): CrudListParams {
  const calls = adapter.list.mock.calls;
  const last = calls[calls.length - 1];
  if (!last) throw new Error('list was not called');
  return last[0];
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

describe('CrudPage', () => {
  it('loads the first page with the default size and numbers rows', async () => {
    const adapter = makeAdapter();
    renderPage(adapter);
    await waitForRows();
    expect(adapter.list).toHaveBeenCalledWith({ current: 1, size: 10 });
    expect(within(rowOf('name 1')).getByText('1')).toBeTruthy();
    expect(screen.getByText('共 25 条')).toBeTruthy();
    // the action column has the resource's menuWidth
    const head = document.querySelector('th[data-column="__actions"]') as HTMLElement;
    expect(head.style.width).toBe('250px');
  });

  it('two pages on one screen name their search and pagination landmarks apart with landmarkLabel', async () => {
    render(
      <UiLocaleProvider locale="zh">
        <CrudProvider value={{ t, can: () => true }}>
          <CrudPage resource={paramResource} adapter={makeAdapter()} landmarkLabel="字典" />
          <CrudPage resource={paramResource} adapter={makeAdapter()} landmarkLabel="字典项" />
        </CrudProvider>
      </UiLocaleProvider>,
    );
    await screen.findAllByText('name 1');
    expect(screen.getAllByRole('search').map((el) => el.getAttribute('aria-label'))).toEqual([
      '字典',
      '字典项',
    ]);
    expect(screen.getAllByRole('navigation').map((el) => el.getAttribute('aria-label'))).toEqual([
      '分页 · 字典',
      '分页 · 字典项',
    ]);
  });

  it('without landmarkLabel the pagination keeps its own name', async () => {
    renderPage(makeAdapter());
    await waitForRows();
    expect(screen.getByRole('navigation').getAttribute('aria-label')).toBe('分页');
  });

  it('kept alive in a hidden tab, it comes back with its rows, page and selection, without asking again', async () => {
    // the console keeps every open tab's page mounted in <Activity>; showing a tab re-runs the page's effects
    const adapter = makeAdapter();
    const user = userEvent.setup();
    const view = (mode: 'visible' | 'hidden') => (
      <UiLocaleProvider locale="zh">
        <CrudProvider value={{ t, can: () => true }}>
          <Activity mode={mode}>
            <CrudPage resource={paramResource} adapter={adapter} />
          </Activity>
        </CrudProvider>
      </UiLocaleProvider>
    );
    const { rerender } = render(view('visible'));
    await waitForRows();
    await user.click(screen.getByRole('button', { name: '第 2 页' }));
    await screen.findByText('name 11');
    await user.click(within(rowOf('name 12')).getByRole('checkbox', { name: '选择此行' }));
    expect(adapter.list).toHaveBeenCalledTimes(2);

    rerender(view('hidden'));
    rerender(view('visible'));
    await act(async () => {});

    expect(adapter.list).toHaveBeenCalledTimes(2);
    expect(screen.getByText('name 11')).toBeTruthy();
    expect(
      within(rowOf('name 12')).getByRole('checkbox', { name: '选择此行' }).getAttribute('data-state'),
    ).toBe('checked');
  });

  it('search drops empty values and resets the page to 1', async () => {
    const adapter = makeAdapter();
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(screen.getByRole('button', { name: '第 2 页' }));
    await screen.findByText('name 11');
    expect(lastListParams(adapter)).toEqual({ current: 2, size: 10 });
    // index continues across pages
    expect(within(rowOf('name 11')).getByText('11')).toBeTruthy();

    await user.type(screen.getByLabelText('参数名称'), 'name 1');
    await user.type(screen.getByLabelText('参数键名'), '   ');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(lastListParams(adapter)).toEqual({ current: 1, size: 10, paramName: 'name 1' }),
    );

    await user.click(screen.getByRole('button', { name: '清空' }));
    await waitFor(() => expect(lastListParams(adapter)).toEqual({ current: 1, size: 10 }));
    expect((screen.getByLabelText('参数名称') as HTMLInputElement).value).toBe('');
  });

  it("sends a date range picked in the kit's calendar as _dategt / _datelt, whole days", async () => {
    const adapter = makeAdapter();
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(screen.getByRole('combobox', { name: '创建时间' }));
    const calendar = await screen.findByRole('dialog');
    const month = dayjs().format('YYYY-MM');
    // the later day first: the picker orders the two
    for (const day of ['20', '05'])
      await user.click(calendar.querySelector(`button[data-day="${month}-${day}"]`)!);
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(lastListParams(adapter)).toEqual({
        current: 1,
        size: 10,
        createTime_dategt: `${month}-05 00:00:00`,
        createTime_datelt: `${month}-20 23:59:59`,
      }),
    );
  });

  it('changing the page size reloads page 1 with the new size', async () => {
    const adapter = makeAdapter();
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(screen.getByRole('combobox', { name: '每页条数' }));
    await user.click(await screen.findByRole('option', { name: '30条/页' }));
    await waitFor(() => expect(lastListParams(adapter)).toEqual({ current: 1, size: 30 }));
    await screen.findByText('name 25');
  });

  it('batch delete with nothing selected warns and does not call remove', async () => {
    const adapter = makeAdapter();
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(adapter.remove).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('batch delete asks to confirm, removes the selected ids, clears selection and reloads', async () => {
    const adapter = makeAdapter();
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(within(rowOf('name 1')).getByRole('checkbox', { name: '选择此行' }));
    await user.click(within(rowOf('name 2')).getByRole('checkbox', { name: '选择此行' }));
    expect(screen.getByRole('checkbox', { name: '全选' }).getAttribute('data-state')).toBe('indeterminate');
    const callsBefore = adapter.list.mock.calls.length;
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('确定将选择数据删除?')).toBeTruthy();
    expect(adapter.remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(adapter.remove).toHaveBeenCalledWith(['1', '2']));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(adapter.list.mock.calls.length).toBe(callsBefore + 1));
    await waitFor(() =>
      expect(
        within(rowOf('name 1')).getByRole('checkbox', { name: '选择此行' }).getAttribute('data-state'),
      ).toBe('unchecked'),
    );
  });

  it('row delete asks to confirm; cancel does nothing, confirm removes the row id', async () => {
    const adapter = makeAdapter();
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(within(rowOf('name 3')).getByRole('button', { name: '删除' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(adapter.remove).not.toHaveBeenCalled();

    await user.click(within(rowOf('name 3')).getByRole('button', { name: '删除' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(adapter.remove).toHaveBeenCalledWith(['3']));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('add dialog shows required messages on blur and creates with the form', async () => {
    const adapter = makeAdapter();
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('参数名称');
    await user.click(name);
    await user.tab();
    expect(await within(dialog).findByText('请输入参数名称')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // saving an empty form shows every message and does not call create
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入参数键名')).toBeTruthy();
    expect(within(dialog).getByText('请输入参数键值')).toBeTruthy();
    expect(adapter.create).not.toHaveBeenCalled();

    await user.type(name, 'account.registerUser');
    await user.type(within(dialog).getByLabelText('参数键名'), 'account.registerUser');
    await user.type(within(dialog).getByLabelText('参数键值'), 'true');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(adapter.create).toHaveBeenCalledWith({
        paramName: 'account.registerUser',
        paramKey: 'account.registerUser',
        paramValue: 'true',
      }),
    );
    expect(await screen.findByText('新增成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edit calls update with the id', async () => {
    const adapter = makeAdapter();
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(within(rowOf('name 2')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const value = within(dialog).getByLabelText('参数键值') as HTMLTextAreaElement;
    expect(value.value).toBe('value 2');
    await user.clear(value);
    await user.type(value, 'changed');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(adapter.update).toHaveBeenCalledWith(
        expect.objectContaining({ id: '2', paramName: 'name 2', paramKey: 'key.2', paramValue: 'changed' }),
      ),
    );
    expect(await screen.findByText('更新成功')).toBeTruthy();
  });

  it('edit loads the detail when the adapter has one', async () => {
    const adapter = {
      ...makeAdapter(),
      detail: vi.fn(async (id: string) => ({ id, paramName: 'detail name', paramKey: 'k', paramValue: 'v' })),
    };
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(within(rowOf('name 4')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('参数名称') as HTMLInputElement).value).toBe('detail name'),
    );
    expect(adapter.detail).toHaveBeenCalledWith('4');
  });

  it('edit keeps the fields shut until the detail is in, so nothing typed is overwritten by it', async () => {
    let answer: (row: Param) => void = () => undefined;
    const adapter = {
      ...makeAdapter(),
      detail: vi.fn(() => new Promise<Param>((resolve) => (answer = resolve))),
    };
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(within(rowOf('name 4')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const value = within(dialog).getByLabelText('参数键值') as HTMLTextAreaElement;
    expect(value.disabled).toBe(true);
    expect((within(dialog).getByLabelText('参数名称') as HTMLInputElement).disabled).toBe(true);
    act(() => answer({ id: '4', paramName: 'detail name', paramKey: 'k', paramValue: 'from detail' }));
    await waitFor(() => expect(value.value).toBe('from detail'));
    expect(value.disabled).toBe(false);
    await user.clear(value);
    await user.type(value, 'typed');
    expect(value.value).toBe('typed');
  });

  it('view is read-only, honours textarea rows, and has no save button', async () => {
    const adapter = makeAdapter();
    const { user } = renderPage(adapter);
    await waitForRows();
    await user.click(within(rowOf('name 1')).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('参数名称') as HTMLInputElement;
    const value = within(dialog).getByLabelText('参数键值') as HTMLTextAreaElement;
    expect(name.readOnly).toBe(true);
    expect(value.readOnly).toBe(true);
    expect(value.rows).toBe(6);
    expect(within(dialog).queryByRole('button', { name: '保存' })).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: '关闭' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('hides buttons the user may not use', async () => {
    const adapter = makeAdapter();
    renderPage(adapter, (code) => code === 'param_view');
    await waitForRows();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(within(rowOf('name 1')).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(rowOf('name 1')).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(rowOf('name 1')).getByRole('button', { name: '查看' })).toBeTruthy();
  });

  it('stops loading when the adapter fails, without its own toast', async () => {
    const adapter = makeAdapter();
    adapter.list.mockRejectedValueOnce(new Error('boom'));
    renderPage(adapter);
    await waitFor(() => expect(document.querySelector('[data-slot="data-table-loading"]')).toBeNull());
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('uses the English strings under locale en', async () => {
    const adapter = makeAdapter([]);
    const user = userEvent.setup();
    render(
      <UiLocaleProvider locale="en">
        <CrudPage resource={paramResource} adapter={adapter} />
        <Toaster />
      </UiLocaleProvider>,
    );
    await screen.findByText('No data');
    await act(async () => {
      await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText('Please select at least one row')).toBeTruthy();
  });
});
