// Fields holding ids of other rows (`x-entity.refs`): a form picks those rows by their label, several into a
// comma-joined list, through the referenced entity's list read once with the largest page; lists, the view dialog and
// the search bar show and pick labels, not ids.
import { aiConfigEntity, dyCommCommentEntity, dyCommEntity } from '@smart/api-sdk/entities';
import { entityCatalogue } from '@smart/api-sdk/entities';
import { configureHttp } from '@smart/api-sdk';
import type { EntityManifest } from '@smart/api-sdk/manifest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as React from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { CrudProvider } from './crud-context';
import { CrudControl } from './crud-field';
import { CrudPage } from './crud-page';
import { entityAdapter } from './entity-adapter';
import { entityResource } from './entity-page';
import { REF_PAGE_SIZE } from './entity-refs';
import { resourceFromEntity } from './entity-resource';
import { useDropRemoteOptions } from './remote-options';
import { catalogueT, memoryBackend } from './testing';
import { createShellRenderer, setupMswServer } from './testing/shell';

type Row = { id: string } & Record<string, unknown>;
const t = catalogueT(entityCatalogue.zh);
const renderWithShell = createShellRenderer({ zh: {}, en: {} });

const comments = dyCommCommentEntity as unknown as EntityManifest<Row, Row>;
const tasks = dyCommEntity as unknown as EntityManifest<Row, Row>;
const commentBackend = memoryBackend(comments, []);
const taskBackend = memoryBackend(tasks, []);
const unitRows: Row[] = [
  { id: '1', arrName: '美妆号-01' },
  { id: '2', arrName: '数码号-02' },
  { id: '3', arrName: '旅行号-03' },
];
/** The units' list (dy_comm_arr), counting its calls and keeping their query. */
const unitCalls: URLSearchParams[] = [];
const server = setupMswServer(
  ...commentBackend.handlers,
  ...taskBackend.handlers,
  http.get('*/api/smart-dyComm/dy_comm_arr/list', ({ request }) => {
    unitCalls.push(new URL(request.url).searchParams);
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '',
      data: { records: unitRows, total: unitRows.length, size: REF_PAGE_SIZE, current: 1, pages: 1 },
    });
  }),
);

beforeEach(() => {
  unitCalls.length = 0;
  unitRows[1]!.arrName = '数码号-02';
  taskBackend.reset([
    { id: '101', taskName: '美妆评论任务' },
    { id: '102', taskName: '数码评论任务' },
  ]);
  commentBackend.reset([
    { id: '7', commId: '101', content: '太好看了' },
    { id: '8', commId: '999', content: '任务已删除' },
  ]);
});

describe('a ref field of the manifest', () => {
  it('is a searchable select over the referenced rows, several for an id list', () => {
    const { columns } = resourceFromEntity(tasks);
    const column = (prop: string) => columns.find((c) => c.prop === prop);
    expect(column('arrIds')).toMatchObject({
      type: 'multiselect',
      remoteOptions: { key: ['dy_comm_arr', 'arrName'] },
    });
    expect(column('aiConfigId')).toMatchObject({ type: 'select', filterable: true });
    expect(column('aiConfigId')?.remoteOptions?.key).toEqual([aiConfigEntity.name, 'configName']);
    expect(column('taskName')?.remoteOptions).toBeUndefined();
  });
});

/** The units field of a comment task, holding its value as a form would. */
function UnitsField({ onChange }: { onChange: (value: unknown) => void }) {
  const column = resourceFromEntity(tasks).columns.find((c) => c.prop === 'arrIds')!;
  const [value, setValue] = React.useState<unknown>('3');
  return (
    <CrudProvider value={{ t }}>
      <CrudControl
        column={column}
        aria-label="执行账号"
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <CrudControl column={column} aria-label="另一个" value="" onChange={() => undefined} />
    </CrudProvider>
  );
}

describe('the select of a ref', () => {
  it('offers the referenced rows, read once with the largest page, and joins several ids with commas', async () => {
    const user = userEvent.setup();
    const changes: unknown[] = [];
    renderWithShell(<UnitsField onChange={(v) => changes.push(v)} />);
    // the value's label once the rows are in (two fields, one read)
    await waitFor(() => expect(screen.getByText('旅行号-03')).toBeInTheDocument());
    expect(unitCalls).toHaveLength(1);
    expect(Object.fromEntries(unitCalls[0]!)).toMatchObject({ current: '1', size: String(REF_PAGE_SIZE) });
    await user.click(screen.getByRole('combobox', { name: '执行账号' }));
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['美妆号-01', '数码号-02', '旅行号-03']);
    await user.type(screen.getByRole('combobox', { name: '搜索' }), '美妆');
    await user.keyboard('{Enter}');
    expect(changes.at(-1)).toBe('3,1');
    expect(unitCalls).toHaveLength(1);
  });
});

/** The units field, shown again by a button after dropping what was read of the units (as a write on their page). */
function ReshownField() {
  const column = resourceFromEntity(tasks).columns.find((c) => c.prop === 'arrIds')!;
  const drop = useDropRemoteOptions();
  const [round, setRound] = React.useState(0);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          drop('dy_comm_arr');
          setRound((n) => n + 1);
        }}
      >
        again
      </button>
      <CrudControl key={round} column={column} aria-label="执行账号" value="2" onChange={() => undefined} />
    </>
  );
}

describe('the rows a ref read', () => {
  it.each([
    ['the query client', renderWithShell],
    ['the CRUD provider, without a query client', render],
  ])('are kept by %s until a write on their entity drops them', async (_where, renderIt) => {
    const user = userEvent.setup();
    renderIt(
      <CrudProvider value={{ t }}>
        <ReshownField />
      </CrudProvider>,
    );
    await waitFor(() => expect(screen.getByText('数码号-02')).toBeInTheDocument());
    expect(unitCalls).toHaveLength(1);
    unitRows[1]!.arrName = '数码号-改名';
    await user.click(screen.getByRole('button', { name: 'again' }));
    await waitFor(() => expect(screen.getByText('数码号-改名')).toBeInTheDocument());
    expect(unitCalls).toHaveLength(2);
  });
});

/** The generic page of the Douyin comment texts, whose `commId` names a comment task (dy_comm). */
function CommentPage() {
  const resource = React.useMemo(() => entityResource(comments as EntityManifest), []);
  return (
    <CrudProvider value={{ t }}>
      <CrudPage resource={resource} adapter={entityAdapter(comments as EntityManifest)} />
    </CrudProvider>
  );
}

describe('the page of an entity with a ref', () => {
  it("lists and views the referenced row's label, the id when that row is unknown", async () => {
    const user = userEvent.setup();
    renderWithShell(<CommentPage />);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('美妆评论任务')).toBeInTheDocument());
    expect(within(table).getByText('999')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    const first = rows.find((r) => within(r).queryByText('太好看了'))!;
    await user.click(within(first).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: '评论任务' })).toHaveTextContent('美妆评论任务'),
    );
  });

  it('adds a row with the picked id and searches by one', async () => {
    const user = userEvent.setup();
    renderWithShell(<CommentPage />);
    await user.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: '评论任务' }));
    await user.click(await screen.findByRole('option', { name: '数码评论任务' }));
    await user.type(within(dialog).getByLabelText('评论内容'), '想买同款');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(commentBackend.calls.submit).toHaveLength(1));
    expect(commentBackend.calls.submit[0]).toMatchObject({ commId: '102', content: '想买同款' });

    // the search bar's ref filter (commId_equal) is a select of the tasks too
    const search = screen.getByRole('search');
    await user.click(within(search).getByRole('combobox', { name: '评论任务' }));
    await user.click(await screen.findByRole('option', { name: '美妆评论任务' }));
    await user.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(commentBackend.calls.list.at(-1)?.get('commId_equal')).toBe('101'));
  });

  it('shows the ids, and no error, when the referenced list cannot be read', async () => {
    const forbidden = vi.fn(() => HttpResponse.json({ code: 403, msg: '无权限' }, { status: 403 }));
    server.use(http.get('*/api/smart-dyComm/dy_comm/list', forbidden));
    const notifyError = vi.fn();
    configureHttp({ baseUrl: 'http://localhost', notifyError });
    renderWithShell(<CommentPage />);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('太好看了')).toBeInTheDocument());
    await waitFor(() => expect(forbidden).toHaveBeenCalled());
    expect(within(table).getByText('101')).toBeInTheDocument();
    expect(notifyError).not.toHaveBeenCalled();
  });
});
