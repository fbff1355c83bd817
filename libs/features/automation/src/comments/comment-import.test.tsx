// The comment library page's import from Feishu against MSW: a pasted base link gives the token, the kind and the
// table; the group is picked among the comment groups; the server's counts are shown.
import type { CommentFeiShuImportRequest } from '@smart/api-sdk';
import { commentEntity, commentGroupEntity } from '@smart/api-sdk/entities';
import { envelope } from '@smart/api-sdk/mocks';
import { memoryBackend } from '@smart/crud/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderEntityPage, setupMswServer } from '../test-utils';
import { readFeishuDoc } from '../logs/feishu-sheet';

const comments = memoryBackend(commentEntity, []);
const groups = memoryBackend(commentGroupEntity, [
  { id: '8001', tenantId: '000000', groupName: '通用好评', platform: 'xhs', status: 1 } as never,
]);
let asked: CommentFeiShuImportRequest[] = [];

setupMswServer(
  ...comments.handlers,
  ...groups.handlers,
  http.post('*/api/smart-comment/comment/feiShuImport', async ({ request }) => {
    asked.push((await request.json()) as CommentFeiShuImportRequest);
    return HttpResponse.json(
      envelope({
        total: 4,
        inserted: 2,
        duplicated: 1,
        invalid: 1,
        errors: [{ row: 3, reason: '内容为空' }],
      }),
    );
  }),
);

beforeEach(() => {
  comments.reset();
  groups.reset();
  asked = [];
});

describe('the import of comments from Feishu', () => {
  it('reads a base link, imports into the chosen group and shows the counts', async () => {
    const user = userEvent.setup();
    await renderEntityPage('/comment/comment');
    await user.click(await screen.findByRole('button', { name: '从飞书导入' }));
    const dialog = await screen.findByRole('dialog', { name: '从飞书导入评论' });
    const submit = within(dialog).getByRole('button', { name: '从飞书导入' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: '评论分组' }));
    await user.click(await screen.findByRole('option', { name: '通用好评' }));
    await user.type(
      within(dialog).getByLabelText('飞书文档'),
      'https://acme.feishu.cn/base/bascnDemo?table=tblDemo',
    );
    expect(within(dialog).getByRole('radio', { name: '多维表格' })).toBeChecked();
    expect(within(dialog).getByLabelText('数据表ID')).toHaveValue('tblDemo');
    // a base has no column A: the field is left for the operator to name
    expect(within(dialog).getByLabelText('内容字段')).toHaveValue('');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('内容字段'), '评论');
    await user.click(submit);
    expect(await within(dialog).findByText('第 3 行：内容为空')).toBeInTheDocument();
    expect(asked).toEqual([
      {
        groupId: '8001',
        sourceType: 'bitable',
        token: 'bascnDemo',
        sheetId: 'tblDemo',
        column: '评论',
        skipHeader: true,
      },
    ]);
  });

  it('is not offered without the add button of the comment page (x-entity.actions)', async () => {
    await renderEntityPage('/comment/comment', {}, (code) => code !== 'comment_add');
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: '从飞书导入' })).not.toBeInTheDocument();
  });

  it('reads sheet and base addresses and bare tokens', () => {
    expect(readFeishuDoc('https://x.feishu.cn/sheets/shtA?sheet=s1')).toEqual({
      token: 'shtA',
      kind: 'sheet',
      table: 's1',
    });
    expect(readFeishuDoc('bascnA')).toEqual({ token: 'bascnA' });
    expect(readFeishuDoc('https://x.feishu.cn/wiki/abc')).toBeUndefined();
  });
});
