import { configureHttp, resetHttpConfig, type Notice } from '@smart/api-sdk';
import { entityCatalogue, noticeEntity } from '@smart/api-sdk/entities';
import { CrudControl, CrudProvider, type Option } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { ConfirmProvider, UiLocaleProvider } from '@smart/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import NoticePage from './NoticePage';

// The seeded `notice` dictionary (apps/server/src/modules/desk/notice/notice.module.ts CATEGORY): keys are strings on the wire.
const KINDS: Option[] = ['发布通知', '批转通知', '转发通知'].map((label, i) => ({
  label,
  value: String(i + 1),
}));
const kindName = (category: number) => KINDS[category - 1]?.label ?? '';

function row(i: number): Notice {
  const category = (1 + (i % 3)) as Notice['category'];
  return {
    id: String(100 + i),
    tenantId: '000000',
    title: `通知${i}`,
    category,
    categoryName: kindName(category),
    releaseTime: '2026-11-22 10:00:00',
    content: `第${i}条通知的正文`,
    createUser: '1',
    createDept: '1',
    createTime: '2026-11-22 10:00:00',
    updateUser: '1',
    updateTime: '2026-11-22 10:00:00',
    status: 1,
    isDeleted: 0,
  };
}

const backend = memoryBackend(
  noticeEntity,
  Array.from({ length: 3 }, (_, i) => row(i + 1)),
  { derive: (r) => ({ ...r, categoryName: kindName(r.category) }) },
);
const server = setupServer(...backend.handlers);

function renderPage() {
  return render(
    <UiLocaleProvider locale="zh">
      <ConfirmProvider>
        <CrudProvider value={{ t: catalogueT(entityCatalogue.zh), can: () => true, dictionary: () => KINDS }}>
          <NoticePage />
        </CrudProvider>
      </ConfirmProvider>
    </UiLocaleProvider>,
  );
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // the rich text editor (ProseMirror) measures the selection to scroll it into view; jsdom lays nothing out
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect ??= () => rect as DOMRect;
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  document.elementFromPoint ??= () => null;
  // load the kit's rich text chunk (Tiptap) once up front, so a test measures the page, not the chunk's first load
  const warm = render(
    <CrudProvider value={{}}>
      <CrudControl
        column={{ prop: 'content', label: 'warm-up', type: 'richtext' }}
        value=""
        onChange={() => {}}
      />
    </CrudProvider>,
  );
  await screen.findByRole('textbox', { name: 'warm-up' }, { timeout: 30_000 });
  warm.unmount();
}, 40_000);
beforeEach(() => {
  backend.reset();
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => resetHttpConfig());
afterAll(() => server.close());

describe('notice page', () => {
  it('lists the kind by its label and leaves the content to the dialog', async () => {
    renderPage();
    const title = await screen.findByText('通知1');
    const tr = title.closest('tr')!;
    // the label comes with the dictionary, read after the rows
    expect(await within(tr).findByText('批转通知')).toBeInTheDocument();
    expect(screen.queryByText('第1条通知的正文')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /通知内容/ })).not.toBeInTheDocument();
  });

  it('searches the title by contains', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('通知1');
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('通知标题'), '2');
    await user.click(within(search).getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(screen.queryByText('通知1')).not.toBeInTheDocument());
    expect(backend.calls.list.at(-1)?.get('title')).toBe('2');
  });

  it('edits the content as rich text and keeps the kind a number', async () => {
    const user = userEvent.setup();
    renderPage();
    const title = await screen.findByText('通知2');
    await user.click(within(title.closest('tr')!).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const content = await within(dialog).findByRole('textbox', { name: '通知内容' });
    await waitFor(() => expect(content).toHaveTextContent('第2条通知的正文'));
    // old plain text shows as a paragraph; the toolbar formats what is typed next
    expect(content.querySelector('p')).toHaveTextContent('第2条通知的正文');
    await user.click(content);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: '加粗' }));
    await user.keyboard('新的正文');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(backend.calls.submit).toHaveLength(1));
    expect(backend.calls.submit[0]).toMatchObject({
      id: '102',
      category: 3,
      content: '<p><strong>新的正文</strong></p>',
    });
  });

  it('shows the content read-only and sanitised in the view dialog', async () => {
    const user = userEvent.setup();
    backend.reset([
      {
        ...row(1),
        content:
          '<p>请<strong>全体</strong>员工<img src="x" onerror="window.hacked=1"></p><script>window.hacked=1</script>',
      },
    ]);
    renderPage();
    const title = await screen.findByText('通知1');
    await user.click(within(title.closest('tr')!).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    const content = await within(dialog).findByRole('textbox', { name: '通知内容' });
    await waitFor(() => expect(content).toHaveTextContent('请全体员工'));
    expect(content).toHaveAttribute('aria-readonly', 'true');
    expect(content).toHaveAttribute('contenteditable', 'false');
    expect(content.querySelector('strong')).toHaveTextContent('全体');
    expect(content.querySelector('script, img, [onerror]')).toBeNull();
    expect(within(dialog).queryByRole('toolbar')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
