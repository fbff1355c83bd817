import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type ColumnDef, DataTable, type ExpandedState } from './data-table';
import { useDataTableSettings } from './data-table/table-state';

type Dept = { id: string; deptName: string; code: string; children?: Dept[]; hasChildren?: boolean };

const forest: Dept[] = [
  {
    id: '1',
    deptName: 'Head office',
    code: 'HQ',
    children: [
      {
        id: '11',
        deptName: 'Sales',
        code: 'S',
        children: [{ id: '111', deptName: 'Sales east', code: 'SE' }],
      },
      { id: '12', deptName: 'Support', code: 'SU' },
    ],
  },
  { id: '2', deptName: 'Branch', code: 'BR' },
];

const columns: ColumnDef<Dept, unknown>[] = [
  { accessorKey: 'deptName', header: 'Name' },
  { accessorKey: 'code', header: 'Code' },
];

const children = (row: Dept) => row.children;

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error('row not found');
  return row;
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataTable tree rows', () => {
  it('shows the roots, expands and collapses a row, indents by depth and sets aria-level', async () => {
    const user = userEvent.setup();
    render(<DataTable data={forest} columns={columns} getSubRows={children} aria-label="Depts" />);
    expect(screen.getByRole('treegrid', { name: 'Depts' })).toBeTruthy();
    expect(screen.queryByText('Sales')).toBeNull();
    expect(rowOf('Head office').getAttribute('aria-level')).toBe('1');

    const toggle = within(rowOf('Head office')).getByRole('button', { name: '展开' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // A leaf has no toggle but the same room for it, so the names line up.
    expect(within(rowOf('Branch')).queryByRole('button')).toBeNull();
    expect(rowOf('Branch').querySelector('[data-slot="data-table-expand-space"]')).toBeTruthy();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('收起');
    const sales = rowOf('Sales');
    expect(sales.getAttribute('aria-level')).toBe('2');
    const cell = sales.querySelector<HTMLElement>('[data-slot="data-table-tree-cell"]');
    expect(cell?.style.paddingLeft).toBe('16px');
    // Rows keep their order: a parent, then its children, then the next root.
    const names = Array.from(document.querySelectorAll('td[data-column="deptName"]')).map(
      (td) => td.textContent,
    );
    expect(names).toEqual(['Head office', 'Sales', 'Support', 'Branch']);

    await user.click(within(sales).getByRole('button', { name: '展开' }));
    expect(rowOf('Sales east').getAttribute('aria-level')).toBe('3');
    expect(
      rowOf('Sales east').querySelector<HTMLElement>('[data-slot="data-table-tree-cell"]')?.style.paddingLeft,
    ).toBe('32px');

    await user.click(toggle);
    expect(screen.queryByText('Sales')).toBeNull();
    expect(screen.queryByText('Sales east')).toBeNull();
  });

  it('keeps the toggle out of the other columns and flat tables unchanged', () => {
    const { unmount } = render(<DataTable data={forest} columns={columns} getSubRows={children} />);
    const root = rowOf('Head office');
    expect(root.querySelector('td[data-column="code"] [data-slot="data-table-expand"]')).toBeNull();
    expect(root.querySelector('td[data-column="deptName"] [data-slot="data-table-expand"]')).toBeTruthy();
    unmount();
    render(<DataTable data={forest} columns={columns} aria-label="Flat" />);
    expect(screen.getByRole('table', { name: 'Flat' })).toBeTruthy();
    expect(rowOf('Head office').hasAttribute('aria-level')).toBe(false);
    expect(document.querySelector('[data-slot="data-table-expand"]')).toBeNull();
  });

  it('puts the toggle in the first visible data column', () => {
    function WithHiddenName() {
      const settings = useDataTableSettings({ defaults: { columnVisibility: { deptName: false } } });
      return (
        <DataTable data={forest} columns={columns} getSubRows={children} settings={settings} selectable />
      );
    }
    render(<WithHiddenName />);
    const root = rowOf('HQ');
    expect(root.querySelector('td[data-column="code"] [data-slot="data-table-expand"]')).toBeTruthy();
    expect(root.querySelector('td[data-column="__select"] [data-slot="data-table-expand"]')).toBeNull();
  });

  it('opens and closes with the arrow keys on the toggle', async () => {
    const user = userEvent.setup();
    render(<DataTable data={forest} columns={columns} getSubRows={children} />);
    within(rowOf('Head office')).getByRole('button', { name: '展开' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Sales')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.queryByText('Sales')).toBeNull();
  });

  it('checks a parent without its children and reports checked sub rows', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DataTable
        data={forest}
        columns={columns}
        getSubRows={children}
        selectable
        onRowSelectionChange={onChange}
        defaultExpanded={{ '1': true }}
      />,
    );
    await user.click(within(rowOf('Head office')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith({ '1': true }, [forest[0]]);
    expect(within(rowOf('Sales')).getByRole('checkbox').getAttribute('data-state')).toBe('unchecked');
    await user.click(within(rowOf('Support')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith({ '1': true, '12': true }, [
      forest[0],
      forest[0]?.children?.[1],
    ]);
  });

  it('is controlled through expanded / onExpandedChange', async () => {
    const user = userEvent.setup();
    const seen: ExpandedState[] = [];
    function Controlled() {
      const [expanded, setExpanded] = React.useState<ExpandedState>({});
      return (
        <>
          <button type="button" onClick={() => setExpanded(true)}>
            all
          </button>
          <DataTable
            data={forest}
            columns={columns}
            getSubRows={children}
            expanded={expanded}
            onExpandedChange={(next) => {
              seen.push(next);
              setExpanded(next);
            }}
          />
        </>
      );
    }
    render(<Controlled />);
    await user.click(within(rowOf('Head office')).getByRole('button', { name: '展开' }));
    expect(seen.at(-1)).toEqual({ '1': true });
    await user.click(screen.getByRole('button', { name: 'all' }));
    expect(screen.getByText('Sales east')).toBeTruthy();
    await user.click(within(rowOf('Sales')).getByRole('button', { name: '收起' }));
    expect(seen.at(-1)).toEqual({ '1': true, '111': true, '12': true, '2': true });
    expect(screen.queryByText('Sales east')).toBeNull();
  });

  it('loads the sub rows of a lazy row through onExpand, with a spinner while pending', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onExpand = vi.fn<(row: Dept) => Promise<void>>();
    function Lazy() {
      const [data, setData] = React.useState<Dept[]>([
        { id: '1', deptName: 'Head office', code: 'HQ', hasChildren: true },
        { id: '2', deptName: 'Branch', code: 'BR', hasChildren: false },
      ]);
      return (
        <DataTable
          data={data}
          columns={columns}
          getSubRows={children}
          canExpand={(row) => row.hasChildren === true}
          onExpand={async (row) => {
            await onExpand(row);
            setData((rows) =>
              rows.map((r) =>
                r.id === row.id ? { ...r, children: [{ id: '11', deptName: 'Sales', code: 'S' }] } : r,
              ),
            );
          }}
        />
      );
    }
    onExpand.mockReturnValueOnce(pending.promise);
    render(<Lazy />);
    expect(within(rowOf('Branch')).queryByRole('button')).toBeNull();
    const toggle = within(rowOf('Head office')).getByRole('button', { name: '展开' });
    await user.click(toggle);
    expect(onExpand).toHaveBeenCalledTimes(1);
    expect(onExpand.mock.calls[0]?.[0]).toMatchObject({ id: '1' });
    expect(toggle.getAttribute('aria-busy')).toBe('true');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // A second click while loading does not load again.
    await user.click(toggle);
    expect(onExpand).toHaveBeenCalledTimes(1);

    await act(async () => pending.resolve());
    expect(screen.getByText('Sales')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.hasAttribute('aria-busy')).toBe(false);

    // Loaded sub rows are not loaded again.
    await user.click(toggle);
    await user.click(toggle);
    expect(screen.getByText('Sales')).toBeTruthy();
    expect(onExpand).toHaveBeenCalledTimes(1);
  });

  it('opens every row whose level finished loading, even together', async () => {
    const user = userEvent.setup();
    const loads = new Map<string, ReturnType<typeof deferred>>();
    function Lazy() {
      const [data, setData] = React.useState<Dept[]>([
        { id: '1', deptName: 'Head office', code: 'HQ', hasChildren: true },
        { id: '2', deptName: 'Branch', code: 'BR', hasChildren: true },
      ]);
      return (
        <DataTable
          data={data}
          columns={columns}
          getSubRows={children}
          canExpand={(row) => row.hasChildren === true}
          onExpand={async (row) => {
            const load = deferred();
            loads.set(row.id, load);
            await load.promise;
            const child = { id: `${row.id}1`, deptName: `${row.deptName} child`, code: 'C' };
            setData((rows) => rows.map((r) => (r.id === row.id ? { ...r, children: [child] } : r)));
          }}
        />
      );
    }
    render(<Lazy />);
    await user.click(within(rowOf('Head office')).getByRole('button', { name: '展开' }));
    await user.click(within(rowOf('Branch')).getByRole('button', { name: '展开' }));
    await act(async () => {
      loads.get('1')?.resolve();
      loads.get('2')?.resolve();
    });
    expect(screen.getByText('Head office child')).toBeTruthy();
    expect(screen.getByText('Branch child')).toBeTruthy();
  });

  it('leaves the row closed when onExpand fails', async () => {
    const data: Dept[] = [{ id: '1', deptName: 'Head office', code: 'HQ', hasChildren: true }];
    const onExpand = vi.fn(() => Promise.reject(new Error('offline')));
    render(
      <DataTable
        data={data}
        columns={columns}
        getSubRows={children}
        canExpand={(row) => row.hasChildren === true}
        onExpand={onExpand}
      />,
    );
    const toggle = within(rowOf('Head office')).getByRole('button', { name: '展开' });
    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(onExpand).toHaveBeenCalledTimes(1);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.hasAttribute('aria-busy')).toBe(false);
  });

  it('expands rows of a virtualised tree', async () => {
    const user = userEvent.setup();
    const many: Dept[] = Array.from({ length: 200 }, (_, i) => ({
      id: `r${i}`,
      deptName: `Root ${i}`,
      code: `R${i}`,
      children: [{ id: `r${i}-c`, deptName: `Child of ${i}`, code: `C${i}` }],
    }));
    // jsdom has no layout: give the scroll area a height and rows their measured height.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'TR' ? 41 : 0;
    });
    render(<DataTable data={many} columns={columns} getSubRows={children} virtualThreshold={50} />);
    expect(document.querySelector('[data-slot="data-table"]')?.getAttribute('data-virtual')).toBe('true');
    expect(screen.getByRole('treegrid').getAttribute('aria-rowcount')).toBe('201');
    await user.click(within(rowOf('Root 0')).getByRole('button', { name: '展开' }));
    expect(rowOf('Child of 0').getAttribute('aria-level')).toBe('2');
    expect(screen.getByRole('treegrid').getAttribute('aria-rowcount')).toBe('202');
  });
});
