// The extension points of the generic pages: a feature's additions to an entity's page (Feature.entityExtensions),
// a tab's query as the page's first search (page-query.tsx), the quiet refetch of a monitor, and row actions that
// reload the list.
import { dyCommLogGroupEntity, dyCommLogEntity } from '@smart/api-sdk/entities';
import type { EntityManifest } from '@smart/api-sdk/manifest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { UiLocaleProvider } from '@smart/ui';
import { CrudProvider } from './crud-context';
import { CrudPage } from './crud-page';
import { defineResource } from './define-resource';
import { entityResource } from './entity-page';
import { entityPagesFeature } from './entity-pages';
import { defineFeature } from './feature';
import { searchValuesFromQuery } from './search-params';
import type { CrudListParams } from './types';

const groups = dyCommLogGroupEntity as unknown as EntityManifest;
const pages = { '/dy/dy_comm_log_group': async () => groups };

describe('entity extensions', () => {
  it("load with the entity's generic page, by entity name", async () => {
    const extension = vi.fn(async () => ({ default: { listColumns: ['runStatus', 'taskName'] } }));
    const feature = defineFeature({
      name: 'runs',
      routes: {},
      entityExtensions: { dy_comm_log_group: extension },
    });
    const view = entityPagesFeature(pages, [feature]).resolve?.('/dy/dy_comm_log_group');
    expect(view).toBeDefined();
    expect(extension).not.toHaveBeenCalled();
    expect(typeof (await view!.load()).default).toBe('function');
    expect(extension).toHaveBeenCalledTimes(1);
  });

  it('may not extend one entity twice', () => {
    const twice = (name: string) =>
      defineFeature({
        name,
        routes: {},
        entityExtensions: { dy_comm_log_group: async () => ({ default: {} }) },
      });
    expect(() => entityPagesFeature(pages, [twice('a'), twice('b')])).toThrow(
      /b: the page of dy_comm_log_group/,
    );
  });

  it('list their columns first, patch cells and add list-only columns', () => {
    const resource = entityResource(groups, {
      readOnly: true,
      listColumns: ['runStatus', 'counts', 'taskName'],
      columns: { runStatus: { width: 120 } },
      extra: [{ prop: 'counts', label: 'counts', hideInForm: true }],
      menuWidth: 300,
    });
    const listed = resource.columns.filter((c) => !c.listHidden).map((c) => c.prop);
    expect(listed).toEqual(['runStatus', 'counts', 'taskName']);
    expect(resource.columns.find((c) => c.prop === 'runStatus')).toMatchObject({
      width: 120,
      dict: 'run_status',
    });
    expect(resource.columns.find((c) => c.prop === 'successCount')).toMatchObject({ listHidden: true });
    expect(resource.menuWidth).toBe(300);
  });

  it('keep a page read-only whose buttons guard actions, not a form', () => {
    // the run log groups declare an edit button for their stop and retry (x-entity.actions) and a submit
    expect(groups.buttons.edit).toBeDefined();
    expect(entityResource(groups).actions).toMatchObject({ add: false, edit: true });
    const resource = entityResource(groups, { readOnly: true });
    expect(resource.actions).toMatchObject({ add: false, edit: false, view: true });
    // the view fields the engine writes are listed and viewed, as on a log's page
    expect(resource.columns.find((c) => c.prop === 'errorMsg')).toMatchObject({ hideInForm: false });
  });
});

describe('a page query as the first search', () => {
  it('fills the searchable columns it names, by their query parameter', () => {
    const logs = entityResource(dyCommLogEntity as unknown as EntityManifest);
    expect(
      searchValuesFromQuery(logs.columns, { groupId_equal: '42', nonsense: 'x', createTime_dategt: '1' }),
    ).toEqual({ groupId: '42' });
  });
});

type Row = { id: string; name: string; state: string };
const resource = defineResource<Row>({
  name: 'row',
  columns: [
    { prop: 'name', label: '名称', search: true },
    { prop: 'state', label: '状态', search: true, searchParam: 'state_equal' },
  ],
});
const shell = (page: React.ReactNode) => (
  <UiLocaleProvider locale="zh">
    <CrudProvider value={{ can: () => true }}>{page}</CrudProvider>
  </UiLocaleProvider>
);
const adapterOf = (answer: () => Row[]) => {
  const list = vi.fn(async (_: CrudListParams) => ({ records: answer(), total: answer().length }));
  return { list, create: vi.fn(), update: vi.fn(), remove: vi.fn() };
};

describe('CrudPage', () => {
  it('starts with the initial search in the bar and the first list; reset drops it', async () => {
    const adapter = adapterOf(() => [{ id: '1', name: 'a', state: 'on' }]);
    render(shell(<CrudPage resource={resource} adapter={adapter} initialSearch={{ state: 'on' }} />));
    await screen.findByText('a');
    expect(adapter.list.mock.calls[0]?.[0]).toEqual({ current: 1, size: 10, state_equal: 'on' });
    expect(screen.getByLabelText('状态')).toHaveValue('on');
    await userEvent.click(screen.getByRole('button', { name: '清空' }));
    await waitFor(() => expect(adapter.list.mock.calls.at(-1)?.[0]).toEqual({ current: 1, size: 10 }));
    expect(screen.getByLabelText('状态')).toHaveValue('');
  });

  it('refetches quietly while refetchInterval asks, with the same request, and stops when it answers false', async () => {
    let state = 'busy';
    const adapter = adapterOf(() => [{ id: '1', name: 'a', state }]);
    const interval = vi.fn((rows: Row[]) => (rows.some((r) => r.state === 'busy') ? 30 : false));
    render(shell(<CrudPage resource={resource} adapter={adapter} refetchInterval={interval} />));
    await screen.findByText('busy');
    await waitFor(() => expect(adapter.list.mock.calls.length).toBeGreaterThanOrEqual(3));
    expect(adapter.list.mock.calls.every(([p]) => JSON.stringify(p) === '{"current":1,"size":10}')).toBe(
      true,
    );
    // no loading state on a refetch: the rows stay on screen
    expect(screen.getByText('busy')).toBeInTheDocument();
    state = 'done';
    await screen.findByText('done');
    const calls = adapter.list.mock.calls.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(adapter.list.mock.calls.length).toBe(calls);
  });

  it('gives row actions a reload of the list', async () => {
    const adapter = adapterOf(() => [{ id: '1', name: 'a', state: 'on' }]);
    render(
      shell(
        <CrudPage
          resource={resource}
          adapter={adapter}
          rowActions={(row, page) => <button onClick={page.reload}>{`again ${row.id}`}</button>}
        />,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'again 1' }));
    await waitFor(() => expect(adapter.list).toHaveBeenCalledTimes(2));
  });

  it('gives toolbar actions the selected rows and a reload of the list', async () => {
    const adapter = adapterOf(() => [
      { id: '1', name: 'a', state: 'on' },
      { id: '2', name: 'b', state: 'off' },
    ]);
    const seen: string[][] = [];
    render(
      shell(
        <CrudPage
          resource={resource}
          adapter={adapter}
          toolbarExtra={(page) => (
            <button
              onClick={() => {
                seen.push(page.selectedIds);
                page.reload();
              }}
            >{`bulk ${page.selectedIds.length}`}</button>
          )}
        />,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'bulk 0' }));
    await userEvent.click(screen.getAllByRole('checkbox', { name: '选择此行' })[1]!);
    await userEvent.click(await screen.findByRole('button', { name: 'bulk 1' }));
    expect(seen).toEqual([[], ['2']]);
    await waitFor(() => expect(adapter.list).toHaveBeenCalledTimes(3));
  });
});
