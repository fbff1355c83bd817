import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { type ColumnDef, DataTable, orderColumnIds, type SortingState } from './data-table';
import { ColumnSettings } from './data-table/column-settings';
import { DensityMenu } from './data-table/density-menu';
import { toSnakeCase, toSortParams } from './data-table/sorting';
import {
  parseSettings,
  STORAGE_PREFIX,
  STORAGE_VERSION,
  useDataTableSettings,
} from './data-table/table-state';

type Row = { id: string; paramName: string; createTime: string };
const rows: Row[] = [
  { id: 'a', paramName: 'Beta', createTime: '2026-01-02' },
  { id: 'b', paramName: 'Alpha', createTime: '2026-01-03' },
  { id: 'c', paramName: 'Gamma', createTime: '2026-01-01' },
];
const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'paramName', header: 'Name', enableSorting: true, meta: { width: 120 } },
  { accessorKey: 'createTime', header: 'Created', enableSorting: true },
];

function stored(key: string): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(STORAGE_PREFIX + key) ?? 'null') as Record<string, unknown>;
}

function bodyTexts(column: string): string[] {
  return Array.from(document.querySelectorAll(`td[data-column="${column}"]`)).map(
    (td) => td.textContent ?? '',
  );
}

beforeEach(() => localStorage.clear());

describe('sorting', () => {
  it('converts camelCase ids to snake_case ascs/descs', () => {
    expect(toSnakeCase('createTime')).toBe('create_time');
    expect(toSnakeCase('paramKey')).toBe('param_key');
    expect(toSnakeCase('userID')).toBe('user_id');
    expect(toSnakeCase('already_snake')).toBe('already_snake');
    expect(
      toSortParams([
        { id: 'createTime', desc: true },
        { id: 'paramKey', desc: false },
        { id: 'updateTime', desc: true },
      ]),
    ).toEqual({ ascs: 'param_key', descs: 'create_time,update_time' });
    expect(toSortParams([])).toEqual({});
  });

  it('a header click cycles asc → desc → none, sets aria-sort and emits ascs/descs (server-side)', async () => {
    const user = userEvent.setup();
    const onSortingChange = vi.fn();
    function Controlled() {
      const [sorting, setSorting] = React.useState<SortingState>([]);
      return (
        <DataTable
          data={rows}
          columns={[
            ...columns,
            { accessorKey: 'id', header: 'Key', enableSorting: true, meta: { sortField: 'param_key' } },
          ]}
          sorting={sorting}
          onSortingChange={(next, params) => {
            setSorting(next);
            onSortingChange(next, params);
          }}
        />
      );
    }
    render(<Controlled />);
    const header = screen.getByRole('columnheader', { name: /Created/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    const button = within(header).getByRole('button');
    await user.click(button);
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'createTime', desc: false }], {
      ascs: 'create_time',
    });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    // server-side: rows stay in the order they came
    expect(bodyTexts('paramName')).toEqual(['Beta', 'Alpha', 'Gamma']);
    await user.click(button);
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'createTime', desc: true }], {
      descs: 'create_time',
    });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    await user.click(button);
    expect(onSortingChange).toHaveBeenLastCalledWith([], {});
    expect(header.getAttribute('aria-sort')).toBe('none');
    // meta.sortField names the server field
    await user.click(within(screen.getByRole('columnheader', { name: /Key/ })).getByRole('button'));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'id', desc: false }], { ascs: 'param_key' });
  });

  it('sorts in the browser without onSortingChange; columns without enableSorting do not sort', async () => {
    const user = userEvent.setup();
    render(<DataTable data={rows} showIndex columns={[...columns, { accessorKey: 'id', header: 'Id' }]} />);
    expect(screen.getByRole('columnheader', { name: 'Id' }).hasAttribute('aria-sort')).toBe(false);
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(bodyTexts('paramName')).toEqual(['Alpha', 'Beta', 'Gamma']);
    // the index column numbers display positions
    expect(bodyTexts('__index')).toEqual(['1', '2', '3']);
  });
});

describe('resizing', () => {
  it('keyboard and pointer resize change the width, respect the minimum and persist per table', () => {
    const { unmount } = render(<DataTable data={rows} columns={columns} resizable storageKey="t1" />);
    const handle = screen.getByRole('separator', { name: '调整列宽:Name' });
    expect(handle.getAttribute('aria-valuenow')).toBe('120');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    const th = () => document.querySelector('th[data-column="paramName"]') as HTMLElement;
    expect(th().style.width).toBe('180px');
    expect(stored('t1')).toMatchObject({ v: STORAGE_VERSION, columnSizing: { paramName: 180 } });

    // drag to the left past the minimum
    fireEvent.pointerDown(handle, { button: 0, clientX: 500 });
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientX: 100 }));
      window.dispatchEvent(new MouseEvent('pointerup'));
    });
    expect(th().style.width).toBe('60px');
    unmount();

    render(<DataTable data={rows} columns={columns} resizable storageKey="t1" />);
    expect((document.querySelector('th[data-column="paramName"]') as HTMLElement).style.width).toBe('60px');
    // Home goes back to the declared width
    fireEvent.keyDown(screen.getByRole('separator', { name: '调整列宽:Name' }), { key: 'Home' });
    expect((document.querySelector('th[data-column="paramName"]') as HTMLElement).style.width).toBe('120px');
  });

  it('keeps one data column flexible and the selection/action columns at their width', () => {
    render(
      <DataTable
        data={rows}
        columns={[columns[0]!, { ...columns[1]!, meta: { width: 200 } }]}
        resizable
        selectable
        actions={() => 'x'}
        actionsWidth={250}
      />,
    );
    const th = (id: string) => document.querySelector(`th[data-column="${id}"]`) as HTMLElement;
    expect(th('__select').style.width).toBe('48px');
    expect(th('paramName').style.width).toBe('120px');
    expect(th('createTime').style.width).toBe('');
    expect(th('__actions').style.width).toBe('250px');
    expect(th('__actions').style.right).toBe('0px');
    expect(document.querySelector('table')?.style.minWidth).toBe(`${48 + 120 + 200 + 250}px`);
  });
});

function SettingsHarness({ storageKey }: { storageKey: string }) {
  const settings = useDataTableSettings({ storageKey });
  return (
    <>
      <ColumnSettings
        columns={[
          { id: 'paramName', label: 'Name' },
          { id: 'createTime', label: 'Created' },
          { id: 'id', label: 'Id', hideable: false },
        ]}
        settings={settings}
      />
      <DensityMenu value={settings.density} onChange={settings.setDensity} />
      <DataTable
        data={rows}
        columns={[...columns, { accessorKey: 'id', header: 'Id', enableHiding: false }]}
        settings={settings}
      />
    </>
  );
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.getAttribute('data-column'));

describe('column settings', () => {
  it('hides, reorders and resets columns; visibility and order persist and are restored', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<SettingsHarness storageKey="t2" />);
    await user.click(screen.getByRole('button', { name: '列设置' }));
    const popover = await screen.findByRole('dialog');
    await user.click(within(popover).getByRole('checkbox', { name: 'Name' }));
    expect(headers()).toEqual(['createTime', 'id']);
    expect(within(popover).getByRole('checkbox', { name: 'Id' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(popover).getByRole('button', { name: '上移 Id' }));
    expect(headers()).toEqual(['id', 'createTime']);
    expect(stored('t2')).toMatchObject({
      columnVisibility: { paramName: false },
      columnOrder: ['paramName', 'id', 'createTime'],
    });
    unmount();

    render(<SettingsHarness storageKey="t2" />);
    expect(headers()).toEqual(['id', 'createTime']);
    await user.click(screen.getByRole('button', { name: '列设置' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '重置' }));
    expect(headers()).toEqual(['paramName', 'createTime', 'id']);
  });

  it('ignores corrupted, foreign-version or ill-typed storage', () => {
    expect(parseSettings('{not json')).toBeNull();
    expect(parseSettings(JSON.stringify({ v: 999, columnOrder: ['x'] }))).toBeNull();
    expect(parseSettings(JSON.stringify([1, 2]))).toBeNull();
    expect(
      parseSettings(
        JSON.stringify({
          v: STORAGE_VERSION,
          columnVisibility: { a: 'no' },
          columnOrder: [1],
          columnSizing: { a: -5 },
          density: 'huge',
        }),
      ),
    ).toEqual({});

    localStorage.setItem(STORAGE_PREFIX + 't3', '{"v":1,"columnOrder":');
    render(<SettingsHarness storageKey="t3" />);
    expect(headers()).toEqual(['paramName', 'createTime', 'id']);
  });

  it('never hides a column that may not be hidden, whatever storage says', () => {
    localStorage.setItem(
      STORAGE_PREFIX + 't4',
      JSON.stringify({ v: STORAGE_VERSION, columnVisibility: { id: false, createTime: false } }),
    );
    render(<SettingsHarness storageKey="t4" />);
    expect(headers()).toEqual(['paramName', 'id']);
  });

  it('orders ids: stored order first, the rest in declared order, hidden removed', () => {
    expect(orderColumnIds(['a', 'b', 'c', 'd'], ['c', 'x', 'a'], { d: false })).toEqual(['c', 'a', 'b']);
  });
});

describe('density', () => {
  it('switches row density from the menu and persists it', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<SettingsHarness storageKey="t5" />);
    const table = () => document.querySelector('[data-slot="data-table"]') as HTMLElement;
    expect(table().getAttribute('data-density')).toBe('default');
    await user.click(screen.getByRole('button', { name: '密度' }));
    await user.click(await screen.findByRole('menuitemradio', { name: '紧凑' }));
    expect(table().getAttribute('data-density')).toBe('compact');
    expect(document.querySelector('td')?.className).toContain('py-1');
    expect(stored('t5')).toMatchObject({ density: 'compact' });
    unmount();
    render(<SettingsHarness storageKey="t5" />);
    expect(table().getAttribute('data-density')).toBe('compact');
  });

  it('takes a density prop', () => {
    render(<DataTable data={rows} columns={columns} density="comfortable" />);
    expect(document.querySelector('td')?.className).toContain('py-3');
  });
});

describe('virtualisation', () => {
  const many = Array.from({ length: 1000 }, (_, i) => ({
    id: String(i),
    paramName: `name ${i}`,
    createTime: '2026-01-01',
  }));

  it('renders only a window of 1,000 rows and keeps table semantics', () => {
    // jsdom has no layout: give the scroll area a height and rows their measured height.
    const height = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const rects = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.tagName === 'TR' ? 41 : 0;
    });
    render(<DataTable data={many} columns={columns} aria-label="many" />);
    const table = screen.getByRole('table', { name: 'many' });
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    const bodyRows = within(table)
      .getAllByRole('row')
      .filter((r) => r.closest('tbody'));
    expect(bodyRows.length).toBeGreaterThan(0);
    expect(bodyRows.length).toBeLessThan(60);
    expect(bodyRows[0]?.getAttribute('aria-rowindex')).toBe('2');
    // spacer rows carry the height of the rows not rendered
    const spacer = document.querySelector('[data-slot="data-table-spacer"]') as HTMLElement;
    expect(spacer.getAttribute('aria-hidden')).toBe('true');
    expect(parseInt(spacer.style.height, 10)).toBeGreaterThan(30_000);
    expect(screen.queryByText('name 999')).toBeNull();
    height.mockRestore();
    rects.mockRestore();
  });

  it('does not virtualise at or below the threshold', () => {
    render(<DataTable data={many.slice(0, 50)} columns={columns} />);
    expect(document.querySelectorAll('tbody tr').length).toBe(50);
    expect(screen.getByRole('table').hasAttribute('aria-rowcount')).toBe(false);
  });
});
