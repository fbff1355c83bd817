import { expect, test } from '@playwright/test';
import { api, consoleToken } from './api-helper';
import { pickDateTime } from './crud-helper';
import { loginAsAdmin } from './login-helper';

interface NoticeRow {
  id: string;
  title: string;
  content: string;
}

// 工作台 › 通知公告: the content is rich text (desk.yaml NoticeFields.content), typed with the toolbar, stored as the
// server's sanitised HTML, shown formatted in the view dialog and as text in the top bar's notice popover.
test('a notice is written as rich text and shown formatted', async ({ page }) => {
  await loginAsAdmin(page);
  const title = `富文本通知${Date.now() % 1_000_000}`;

  await page.goto('/desk/notice');
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('通知标题').fill(title);
  await dialog.getByRole('combobox', { name: /通知类型/ }).click();
  await page.getByRole('option', { name: '发布通知', exact: true }).click();
  await pickDateTime(page, '通知日期', 15, 9);

  const content = dialog.getByRole('textbox', { name: '通知内容' });
  await content.click();
  await page.keyboard.type('请');
  const toolbar = dialog.getByRole('toolbar', { name: '通知内容格式' });
  await toolbar.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('全体');
  await toolbar.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('员工体检');
  await expect(content.locator('strong')).toHaveText('全体');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(dialog).toBeHidden();

  // stored as the server's sanitised HTML
  const token = await consoleToken(page);
  const page1 = await api<{ records: NoticeRow[] }>(
    page.request,
    token,
    'GET',
    `smart-desk/notice/list?title=${encodeURIComponent(title)}`,
  );
  const row = page1.records.find((r) => r.title === title);
  expect(row?.content).toBe('<p>请<strong>全体</strong>员工体检</p>');

  try {
    // the view dialog shows it formatted and read-only
    const search = page.getByRole('search');
    await search.getByLabel('通知标题').fill(title);
    await search.getByRole('button', { name: '搜索' }).click();
    const tableRow = page.getByRole('row', { name: new RegExp(title) });
    await tableRow.getByRole('button', { name: '查看' }).click();
    const view = page.getByRole('dialog');
    const shown = view.getByRole('textbox', { name: '通知内容' });
    await expect(shown.locator('strong')).toHaveText('全体');
    await expect(shown).toHaveAttribute('aria-readonly', 'true');
    await expect(view.getByRole('toolbar')).toHaveCount(0);
    // (the footer's 关闭, not the corner's)
    await view.getByRole('button', { name: '关闭' }).last().click();
    await expect(view).toBeHidden();

    // the popover previews it as text
    await page.getByTestId('notice-trigger').click();
    const popover = page.getByTestId('notice-popover');
    await expect(popover.getByTestId('notice-item').filter({ hasText: title })).toContainText(
      '请全体员工体检',
    );
    await page.keyboard.press('Escape');
  } finally {
    if (row) await api(page.request, token, 'POST', `smart-desk/notice/remove?ids=${row.id}`);
  }
});
