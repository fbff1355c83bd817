import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';

import { CrudProvider } from './crud-context';
import { CrudPage } from './crud-page';
import { defineResource } from './define-resource';
import type { CrudAdapter, CrudExportParams, CrudListParams } from './types';

// Tree resources of the CRUD kit: departments as a whole forest (`dept/list`) and regions one level at a time
// (`region/lazy-list`), as docs/platform-contract.md ("Entity VO tree") describes them; data kept in memory.

type Node = {
  id: string;
  parentId: string;
  name: string;
  code: string;
  children?: Node[];
  hasChildren?: boolean;
};
type NodeForm = Pick<Node, 'parentId' | 'name' | 'code'>;

const zh: Record<string, string> = {
  'dept.title': '部门',
  'dept.name': '部门名称',
  'dept.code': '部门编号',
  'dept.parentId': '上级部门',
  'region.title': '行政区划',
  'region.name': '区划名称',
  'region.code': '区划编号',
  'region.parentId': '上级区划',
};

function nodeResource(name: 'dept' | 'region', lazy: boolean) {
  return defineResource<Node, NodeForm>({
    name,
    title: `${name}.title`,
    storageKey: false,
    columns: [
      { prop: 'name', label: `${name}.name`, search: true, rules: { required: true }, minWidth: 200 },
      { prop: 'code', label: `${name}.code`, width: 160 },
      { prop: 'parentId', label: `${name}.parentId`, hideInList: true },
    ],
    tree: { lazy },
  });
}

const depts: Node[] = [
  { id: '1', parentId: '0', name: '示例集团', code: 'HQ' },
  { id: '11', parentId: '1', name: '销售部', code: 'SALES' },
  { id: '111', parentId: '11', name: '华东销售组', code: 'SALES-E' },
  { id: '12', parentId: '1', name: '客服部', code: 'SUPPORT' },
  { id: '2', parentId: '0', name: '分公司', code: 'BRANCH' },
];

const regions: Node[] = [
  { id: '11', parentId: '00', name: '北京市', code: '11' },
  { id: '1101', parentId: '11', name: '市辖区', code: '1101' },
  { id: '110101', parentId: '1101', name: '东城区', code: '110101' },
  { id: '110102', parentId: '1101', name: '西城区', code: '110102' },
  { id: '31', parentId: '00', name: '上海市', code: '31' },
  { id: '3101', parentId: '31', name: '市辖区', code: '3101' },
];

function memoryTree(seed: Node[], root: string, lazy: boolean): CrudAdapter<Node, NodeForm> {
  let rows = seed.map((r) => ({ ...r }));
  let seq = 1000;
  const delay = () => new Promise((r) => setTimeout(r, 200));
  const matches = (r: Node, params: CrudExportParams) =>
    typeof params.name !== 'string' || r.name.includes(params.name);
  const level = (parentId: string, params: CrudExportParams): Node[] =>
    rows
      .filter((r) => r.parentId === parentId && matches(r, params))
      .map((r) =>
        lazy
          ? { ...r, hasChildren: rows.some((c) => c.parentId === r.id) }
          : { ...r, children: level(r.id, params) },
      );
  return {
    async list(params: CrudListParams) {
      await delay();
      return { records: level(root, params), total: 0 };
    },
    async children(parent, params) {
      await delay();
      return level(parent.id, params);
    },
    async create(form) {
      await delay();
      rows = [...rows, { ...form, id: String(++seq) }];
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
}

type StoryArgs = {
  kind: 'dept' | 'region';
  onList: (params: CrudListParams) => void;
  onChildren: (parent: Node, params: CrudExportParams) => void;
};

function TreePage({ kind, onList, onChildren }: StoryArgs) {
  const lazy = kind === 'region';
  const resource = React.useMemo(() => nodeResource(kind, lazy), [kind, lazy]);
  const adapter = React.useMemo<CrudAdapter<Node, NodeForm>>(() => {
    const inner = memoryTree(lazy ? regions : depts, lazy ? '00' : '0', lazy);
    return {
      ...inner,
      list: (params) => {
        onList(params);
        return inner.list(params);
      },
      children: (parent, params) => {
        onChildren(parent, params);
        return inner.children?.(parent, params) ?? Promise.resolve([]);
      },
    };
  }, [lazy, onList, onChildren]);
  return (
    <CrudProvider value={{ t: (key) => zh[key] ?? key }}>
      <CrudPage resource={resource} adapter={adapter} />
    </CrudProvider>
  );
}

const meta = {
  title: 'CRUD/CrudPage tree',
  component: TreePage,
  parameters: { layout: 'padded' },
  args: { kind: 'dept', onList: fn(), onChildren: fn() },
} satisfies Meta<typeof TreePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (cell: HTMLElement) => cell.closest('tr') as HTMLElement;
const expandLabel = /^(展开|Expand)$/;

/** A whole forest: no paging, no index column; "add child" presets the parent, and the tree reloads after saving. */
export const Departments: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const root = rowOf(await canvas.findByText('示例集团'));
    await expect(args.onList).toHaveBeenCalledWith({ current: 1, size: 10 });
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await userEvent.click(within(root).getByRole('button', { name: expandLabel }));
    const support = rowOf(await canvas.findByText('客服部'));
    await expect(support).toHaveAttribute('aria-level', '2');

    await userEvent.click(within(support).getByRole('button', { name: /新增子项|Add child/ }));
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByLabelText('上级部门')).toHaveValue('12');
    await userEvent.type(within(dialog).getByLabelText('部门名称'), '热线组');
    await userEvent.click(within(dialog).getByRole('button', { name: /保存|Save/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The expanded rows stay open across the reload; the new child sits under its parent.
    const toggle = await waitFor(() =>
      within(rowOf(canvas.getByText('客服部'))).getByRole('button', { name: expandLabel }),
    );
    await userEvent.click(toggle);
    await expect(rowOf(await canvas.findByText('热线组'))).toHaveAttribute('aria-level', '3');
  },
};

/** One level at a time: expanding a region asks the adapter for its children with the current search. */
export const LazyRegions: Story = {
  args: { kind: 'region' },
  play: async ({ canvas, userEvent, args }) => {
    const beijing = rowOf(await canvas.findByText('北京市'));
    await userEvent.click(within(beijing).getByRole('button', { name: expandLabel }));
    const district = rowOf(await canvas.findByText('市辖区'));
    await expect(args.onChildren).toHaveBeenLastCalledWith(expect.objectContaining({ id: '11' }), {});
    await expect(district).toHaveAttribute('aria-level', '2');
    await userEvent.click(within(district).getByRole('button', { name: expandLabel }));
    await expect(rowOf(await canvas.findByText('西城区'))).toHaveAttribute('aria-level', '3');
    await expect(args.onChildren).toHaveBeenCalledTimes(2);
  },
};
