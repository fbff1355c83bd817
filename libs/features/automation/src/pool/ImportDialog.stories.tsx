// The import dialog of the Xiaohongshu keyword pool against MSW: the comment tasks to pick among
// (x-entity.refs of commId) and `xsh_comm_keyword/import`, which answers the counts of what it inserted.
import type { ImportResult } from '@smart/api-sdk';
import { envelope } from '@smart/api-sdk/mocks';
import { Button } from '@smart/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { commentTask } from '../fixtures';
import { withAutomationShell } from '../story-shell';
import { ImportDialog } from './ImportDialog';
import { POOL_KINDS } from './pool-entities';

const imported: unknown[] = [];
const answer: ImportResult = {
  total: 3,
  inserted: 2,
  duplicated: 1,
  invalid: 0,
  errors: [],
};
const handlers = [
  http.get('*/api/smart-xshComm/xsh_comm/list', () =>
    HttpResponse.json(
      envelope({
        records: [commentTask({ id: '4101', taskName: '通勤妆评论' })],
        total: 1,
        size: 1000,
        current: 1,
        pages: 1,
      }),
    ),
  ),
  http.post('*/api/smart-xshComm/xsh_comm_keyword/import', async ({ request }) => {
    imported.push(await request.json());
    return HttpResponse.json(envelope(answer));
  }),
];

function Demo() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>导入</Button>
      <ImportDialog kind={POOL_KINDS.xsh_comm_keyword} open={open} onOpenChange={setOpen} />
    </>
  );
}

const meta = {
  title: 'Features/Automation/ImportDialog',
  component: Demo,
  parameters: { msw: { handlers } },
  decorators: [withAutomationShell],
  beforeEach: () => {
    imported.length = 0;
  },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keywords pasted one a line, repeats dropped before sending, then the server's counts. */
export const Imports: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: '导入关键词' });
    await userEvent.type(within(dialog).getByLabelText('关键词（每行一个）'), '早八{enter}伪素颜{enter}早八');
    await userEvent.click(within(dialog).getByRole('button', { name: '导入 2 行' }));
    await expect(await within(dialog).findByText('重复跳过')).toBeInTheDocument();
    await waitFor(() =>
      expect(imported).toEqual([
        [
          { keyword: '早八', commId: '' },
          { keyword: '伪素颜', commId: '' },
        ],
      ]),
    );
  },
};

/** More than one call takes: refused here with the limit, nothing sent. */
export const TooLong: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: '导入关键词' });
    await userEvent.type(within(dialog).getByLabelText('关键词（每行一个）'), 'x'.repeat(65));
    await expect(await within(dialog).findByText('有 1 行超过 64 个字符')).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: '导入 1 行' })).toBeDisabled();
  },
};
