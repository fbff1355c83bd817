import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster, UiLocaleProvider } from '@smart/ui';
import { CrudProvider } from './crud-context';
import { CrudPage } from './crud-page';
import { defineResource } from './define-resource';
import type { CrudExportParams, CrudListParams, ResourceDef, ResourceTree } from './types';

// A tree resource (departments) over an in-memory adapter: an eager forest and a lazy tree.

type Dept = { id: string; parentId: string; deptName: string; children?: Dept[]; hasChildren?: boolean };
type DeptForm = Pick<Dept, 'parentId' | 'deptName'>;

const seed: Dept[] = [
  { id: '1', parentId: '0', deptName: 'Head office' },
  { id: '11', parentId: '1', deptName: 'Sales' },
  { id: '111', parentId: '11', deptName: 'Sales east' },
  { id: '12', parentId: '1', deptName: 'Support' },
  { id: '2', parentId: '0', deptName: 'Branch' },
];

function deptResource(tree: ResourceTree = {}): ResourceDef<Dept, DeptForm> {
  return defineResource<Dept, DeptForm>({
    name: 'dept',
    columns: [
      { prop: 'deptName', label: '部门名称', search: true, rules: { required: true } },
      { prop: 'parentId', label: '上级部门', hideInList: true },
    ],
    storageKey: false,
    tree,
  });
}

/** The departments kept in memory, answered as a forest (`list`) or one level at a time (`list` + `children`). */
function memoryDepts(lazy: boolean) {
  const rows = seed.map((r) => ({ ...r }));
  let nextId = 100;
  const matches = (row: Dept, params: CrudExportParams) =>
    typeof params.deptName !== 'string' || row.deptName.includes(params.deptName);
  const level = (parentId: string, params: CrudExportParams): Dept[] =>
    rows
      .filter((r) => r.parentId === parentId && matches(r, params))
      .map((r) =>
        lazy
          ? { ...r, hasChildren: rows.some((c) => c.parentId === r.id) }
          : { ...r, children: level(r.id, params) },
      );
  return {
    list: vi.fn(async (params: CrudListParams) => ({ records: level('0', params), total: 0 })),
    children: vi.fn(async (parent: Dept, params: CrudExportParams) => level(parent.id, params)),
    create: vi.fn(async (form: DeptForm) => {
      rows.push({ ...form, id: String(nextId++) });
      return true;
    }),
    update: vi.fn(async (_form: DeptForm & { id: string }) => true),
    remove: vi.fn(async (_ids: string[]) => true),
  };
}

function renderTree(lazy: boolean, tree: ResourceTree = {}, can: (code: string) => boolean = () => true) {
  const adapter = memoryDepts(lazy);
  const user = userEvent.setup();
  render(
    <UiLocaleProvider locale="zh">
      <CrudProvider value={{ can }}>
        <CrudPage resource={deptResource({ lazy, ...tree })} adapter={adapter} />
      </CrudProvider>
      <Toaster />
    </UiLocaleProvider>,
  );
  return { adapter, user };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

const expandButton = (text: string) => within(rowOf(text)).getByRole('button', { name: '展开' });

afterEach(() => vi.restoreAllMocks());

describe('CrudPage tree', () => {
  it('lists the roots of a forest without paging or numbers, and expands a row to its children', async () => {
    const { adapter, user } = renderTree(false);
    await screen.findByText('Head office');
    expect(adapter.list).toHaveBeenCalledWith({ current: 1, size: 10 });
    expect(screen.getByRole('treegrid')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(document.querySelector('th[data-column="__index"]')).toBeNull();
    expect(screen.queryByText('Sales')).toBeNull();

    await user.click(expandButton('Head office'));
    expect(rowOf('Sales').getAttribute('aria-level')).toBe('2');
    expect(screen.getByText('Support')).toBeTruthy();
    await user.click(expandButton('Sales'));
    expect(rowOf('Sales east').getAttribute('aria-level')).toBe('3');
    expect(adapter.children).not.toHaveBeenCalled();
  });

  it('passes the search to list', async () => {
    const { adapter, user } = renderTree(false);
    await screen.findByText('Head office');
    await user.type(screen.getByLabelText('部门名称'), 'Branch');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(adapter.list).toHaveBeenLastCalledWith({ current: 1, size: 10, deptName: 'Branch' }),
    );
    await waitFor(() => expect(screen.queryByText('Head office')).toBeNull());
  });

  it('"add child" opens the add dialog with the parent preset, then reloads the tree', async () => {
    const { adapter, user } = renderTree(false);
    await screen.findByText('Head office');
    await user.click(expandButton('Head office'));
    await user.click(within(rowOf('Support')).getByRole('button', { name: '新增子项' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('上级部门') as HTMLInputElement).value).toBe('12');
    expect((within(dialog).getByLabelText('部门名称') as HTMLInputElement).value).toBe('');
    await user.type(within(dialog).getByLabelText('部门名称'), 'Hotline');
    const calls = adapter.list.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(adapter.create).toHaveBeenCalledWith({ parentId: '12', deptName: 'Hotline' }));
    await waitFor(() => expect(adapter.list.mock.calls.length).toBe(calls + 1));
    // The eager forest keeps its expanded rows across the reload.
    await waitFor(() => expect(expandButton('Support')).toBeTruthy());
    await user.click(expandButton('Support'));
    expect(rowOf('Hotline').getAttribute('aria-level')).toBe('3');
  });

  it('the toolbar add leaves the parent empty', async () => {
    const { user } = renderTree(false);
    await screen.findByText('Head office');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('上级部门') as HTMLInputElement).value).toBe('');
  });

  it('shows "add child" only when adding is allowed and the tree does not turn it off', async () => {
    renderTree(false, { addChild: false });
    await screen.findByText('Head office');
    expect(screen.queryByRole('button', { name: '新增子项' })).toBeNull();
    expect(within(rowOf('Head office')).getByRole('button', { name: '编辑' })).toBeTruthy();
  });

  it('hides "add child" without the add permission', async () => {
    renderTree(false, {}, (code) => code !== 'dept_add');
    await screen.findByText('Head office');
    expect(screen.queryByRole('button', { name: '新增子项' })).toBeNull();
  });

  it('checks a child without its parent, and batch delete removes only the checked rows', async () => {
    const { adapter, user } = renderTree(false);
    await screen.findByText('Head office');
    await user.click(expandButton('Head office'));
    await user.click(within(rowOf('Sales')).getByRole('checkbox', { name: '选择此行' }));
    expect(within(rowOf('Head office')).getByRole('checkbox').getAttribute('data-state')).toBe('unchecked');
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(adapter.remove).toHaveBeenCalledWith(['11']));
  });

  it('lazy: expanding a row loads its children through adapter.children with the current filters', async () => {
    const { adapter, user } = renderTree(true);
    await screen.findByText('Head office');
    // A root without children has no toggle.
    expect(within(rowOf('Branch')).queryByRole('button', { name: '展开' })).toBeNull();
    await user.type(screen.getByLabelText('部门名称'), 'e');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(adapter.list).toHaveBeenCalledTimes(2));

    await user.click(expandButton('Head office'));
    await screen.findByText('Sales');
    expect(adapter.children).toHaveBeenCalledTimes(1);
    expect(adapter.children).toHaveBeenCalledWith(expect.objectContaining({ id: '1' }), { deptName: 'e' });
    expect(rowOf('Sales').getAttribute('aria-level')).toBe('2');

    await user.click(expandButton('Sales'));
    await screen.findByText('Sales east');
    expect(adapter.children).toHaveBeenCalledTimes(2);
    expect(rowOf('Sales east').getAttribute('aria-level')).toBe('3');

    // Collapsing and expanding again does not load again.
    await user.click(within(rowOf('Head office')).getByRole('button', { name: '收起' }));
    await user.click(expandButton('Head office'));
    expect(screen.getByText('Sales east')).toBeTruthy();
    expect(adapter.children).toHaveBeenCalledTimes(2);
  });

  it("lazy: a save reloads with the open rows open again, their levels asked anew, and the new row's parent open; a row shut stays shut", async () => {
    const { adapter, user } = renderTree(true);
    await screen.findByText('Head office');
    await user.click(expandButton('Head office'));
    await screen.findByText('Sales');
    await user.click(expandButton('Sales'));
    await screen.findByText('Sales east');

    await user.click(within(rowOf('Sales')).getByRole('button', { name: '新增子项' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('部门名称'), 'Sales west');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(adapter.create).toHaveBeenCalled());
    // the path is open again, the new row in it, without a click
    expect(await screen.findByText('Sales west')).toBeTruthy();
    expect(rowOf('Sales west').getAttribute('aria-level')).toBe('3');
    expect(rowOf('Sales east').getAttribute('aria-level')).toBe('3');
    expect(adapter.children).toHaveBeenCalledTimes(4);

    // shut by the operator: the next reload leaves it shut and does not ask its levels
    await user.click(within(rowOf('Head office')).getByRole('button', { name: '收起' }));
    await user.click(within(rowOf('Branch')).getByRole('button', { name: '新增子项' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByLabelText('部门名称'), 'Branch desk');
    const lists = adapter.list.mock.calls.length;
    await user.click(within(again).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(adapter.list.mock.calls.length).toBe(lists + 1));
    await waitFor(() => expect(expandButton('Head office')).toBeTruthy());
    expect(screen.queryByText('Sales')).toBeNull();
    // the row added under Branch shows: its parent opens on the reload (one level asked, Head office's none)
    expect(await screen.findByText('Branch desk')).toBeTruthy();
    expect(rowOf('Branch desk').getAttribute('aria-level')).toBe('2');
    expect(adapter.children).toHaveBeenCalledTimes(5);
  });

  it('lazy: a level that comes back empty removes the toggle', async () => {
    const { adapter, user } = renderTree(true);
    await screen.findByText('Head office');
    adapter.children.mockResolvedValueOnce([]);
    await user.click(expandButton('Head office'));
    await waitFor(() =>
      expect(within(rowOf('Head office')).queryByRole('button', { name: '展开' })).toBeNull(),
    );
  });

  it('exports every loaded row of the forest, each parent before its children', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderTree(false);
    await screen.findByText('Head office');
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '导出' }));
    await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = new TextDecoder().decode(await blobs[0]?.arrayBuffer());
    expect(text.split('\r\n').filter(Boolean)).toEqual([
      '部门名称',
      'Head office',
      'Sales',
      'Sales east',
      'Support',
      'Branch',
    ]);
  });
});
