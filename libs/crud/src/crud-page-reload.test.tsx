// CrudPage's `reloadKey`: a page whose own row action changed the rows (a task claimed off the claim list,
// libs/features/flow/src/work/WorkPages.tsx) asks for the list again, keeping the search and the page.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { UiLocaleProvider } from '@smart/ui';
import { CrudProvider } from './crud-context';
import { CrudPage } from './crud-page';
import { defineResource } from './define-resource';
import type { CrudListParams } from './types';

type Row = { id: string; name: string };

const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: String(i + 1), name: `name ${i + 1}` }));
const resource = defineResource<Row>({
  name: 'row',
  columns: [{ prop: 'name', label: '名称', search: true }],
});

describe('CrudPage reloadKey', () => {
  it('a new reloadKey loads the list again with the same search and page; the same one does not', async () => {
    const list = vi.fn(async (p: CrudListParams) => ({
      records: rows.slice((p.current - 1) * p.size, p.current * p.size),
      total: rows.length,
    }));
    const adapter = { list, create: vi.fn(), update: vi.fn(), remove: vi.fn() };
    const user = userEvent.setup();
    const view = (reloadKey: number) => (
      <UiLocaleProvider locale="zh">
        <CrudProvider value={{ can: () => true }}>
          <CrudPage resource={resource} adapter={adapter} reloadKey={reloadKey} />
        </CrudProvider>
      </UiLocaleProvider>
    );
    const { rerender } = render(view(0));
    await screen.findByText('name 1');
    await user.type(screen.getByLabelText('名称'), 'name');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await user.click(await screen.findByRole('button', { name: '第 2 页' }));
    await screen.findByText('name 11');
    const calls = list.mock.calls.length;

    rerender(view(0));
    await act(async () => {});
    expect(list).toHaveBeenCalledTimes(calls);

    rerender(view(1));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(calls + 1));
    expect(list.mock.calls.at(-1)?.[0]).toEqual({ current: 2, size: 10, name: 'name' });
  });
});
