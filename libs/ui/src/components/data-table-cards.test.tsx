import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { PHONE_QUERY } from '../lib/use-media-query';
import { type ColumnDef, DataTable } from './data-table';

type Row = { id: string; name: string; key: string; remark: string };
const rows: Row[] = [
  { id: 'a', name: 'Alpha', key: 'alpha.key', remark: 'first' },
  { id: 'b', name: 'Beta', key: 'beta.key', remark: 'second' },
];
const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'name', header: 'Name', enableSorting: true },
  { accessorKey: 'key', header: 'Key', enableSorting: true },
  { id: 'remark', header: 'Remark', cell: ({ row }) => row.original.remark },
];

function cardOf(text: string): HTMLElement {
  const card = screen.getByText(text).closest('li');
  if (!card) throw new Error('card not found');
  return card;
}

describe('DataTable as cards (the phone layout)', () => {
  it('shows each row as a card: the first column as its title, the others labelled, the actions at its foot', () => {
    render(
      <DataTable
        layout="cards"
        aria-label="Parameters"
        data={rows}
        columns={columns}
        showIndex
        actions={(row) => <button type="button">Edit {row.name}</button>}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Parameters' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const beta = cardOf('Beta');
    // label–value pairs in the column order; the row number is left out (a card list has no columns to count)
    expect(
      within(beta)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Key', 'Remark']);
    expect(
      within(beta)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['beta.key', 'second']);
    expect(within(beta).getByRole('button', { name: 'Edit Beta' })).toBeTruthy();
  });

  it('follows the column settings: a hidden column has no line, the order is the settings’ order', () => {
    render(
      <DataTable
        layout="cards"
        data={rows}
        columns={columns}
        settings={{
          columnVisibility: { remark: false },
          columnOrder: ['key', 'name'],
          columnSizing: {},
          density: 'default',
          setColumnVisibility: () => {},
          setColumnOrder: () => {},
          setColumnSizing: () => {},
          setDensity: () => {},
          reset: () => {},
        }}
      />,
    );
    const card = cardOf('alpha.key');
    expect(
      within(card)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Name']);
    expect(within(card).queryByText('first')).toBeNull();
  });

  it('selects a card and all cards, reporting the rows', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DataTable layout="cards" data={rows} columns={columns} selectable onRowSelectionChange={onChange} />,
    );
    await user.click(within(cardOf('Beta')).getByRole('checkbox', { name: '选择此行' }));
    expect(onChange).toHaveBeenLastCalledWith({ b: true }, [rows[1]]);
    expect(cardOf('Beta').getAttribute('data-state')).toBe('selected');
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onChange).toHaveBeenLastCalledWith({ a: true, b: true }, rows);
  });

  it('sorts through the chooser: the same server parameters a header click sends', async () => {
    const user = userEvent.setup();
    const onSortingChange = vi.fn();
    render(<DataTable layout="cards" data={rows} columns={columns} onSortingChange={onSortingChange} />);
    await user.click(screen.getByRole('combobox', { name: '排序' }));
    const options = await screen.findAllByRole('option');
    // only the sortable columns, both ways, after the default order
    expect(options.map((o) => o.textContent)).toEqual([
      '默认顺序',
      'Name 升序',
      'Name 降序',
      'Key 升序',
      'Key 降序',
    ]);
    await user.click(screen.getByRole('option', { name: 'Key 降序' }));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'key', desc: true }], { descs: 'key' });
    await user.click(screen.getByRole('combobox', { name: '排序' }));
    await user.click(await screen.findByRole('option', { name: '默认顺序' }));
    expect(onSortingChange).toHaveBeenLastCalledWith([], {});
  });

  it("auto: cards on a phone, a tree's too", () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const { unmount } = render(<DataTable data={rows} columns={columns} />);
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getAllByRole('listitem')).toHaveLength(2);
      unmount();
      render(<DataTable<TreeRow> data={forest} columns={treeColumns} getSubRows={(row) => row.children} />);
      expect(screen.queryByRole('treegrid')).toBeNull();
      expect(screen.getAllByRole('listitem')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("stands a tree's cards indented by level, each opened and shut by the toggle before its title", async () => {
    const user = userEvent.setup();
    render(
      <DataTable<TreeRow>
        layout="cards"
        data={forest}
        columns={treeColumns}
        getSubRows={(row) => row.children}
        getRowId={(row) => row.id}
      />,
    );
    expect(screen.queryByText('Beta')).toBeNull();
    await user.click(within(cardOf('Alpha')).getByRole('button', { name: '展开' }));
    const beta = cardOf('Beta');
    expect(beta.getAttribute('aria-level')).toBe('2');
    expect(beta.style.marginLeft).toBe('16px');
    expect(cardOf('Alpha').getAttribute('aria-level')).toBe('1');
    await user.click(within(cardOf('Alpha')).getByRole('button', { name: '收起' }));
    expect(screen.queryByText('Beta')).toBeNull();
  });
});

type TreeRow = Row & { children?: Row[] };
const forest: TreeRow[] = [{ ...rows[0]!, children: [rows[1]!] }];
const treeColumns = columns as ColumnDef<TreeRow, unknown>[];
