import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { api, tokenFor } from './api-helper';
import { byHeader, downloadOf, readSheet, templateWorkbook } from './excel-helper';
import { loginAsAdmin } from './login-helper';

// Users' Excel import and export against the reference server (user.yaml import-user, export-user,
// export-template): the administrator downloads the template, fills in two users (one with a role the tenant does
// not have), imports them and reads the report (one added, one refused with its row and reason), finds the new
// user in the list, then exports the filtered list and reads the downloaded workbook.

const COLUMNS = ['账号', '昵称', '姓名', '邮箱', '手机', '性别', '生日', '角色', '部门', '岗位', '用户平台'];

test('the administrator imports users from the template, reads the report, and exports the filtered list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now() % 1_000_000_000;
  const good = `xl${stamp}`;
  const bad = `xlbad${stamp}`;
  await loginAsAdmin(page);
  await page.goto('/system/user');
  const table = page.getByTestId('page').getByRole('table');
  await expect(table.getByRole('row', { name: /admin/ })).toBeVisible();

  // The template: its header row and one example row.
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户数据导入' });
  const template = await downloadOf(
    page,
    dialog.getByRole('button', { name: '下载模板' }),
    '用户导入模板.xlsx',
  );
  const blank = await readSheet(template);
  expect(blank.header).toEqual(COLUMNS);
  expect(blank.rows).toHaveLength(1);

  // Filled in: the example row replaced by a good user, then one whose role the tenant does not have.
  const wb = await templateWorkbook(template);
  const ws = wb.worksheets[0]!;
  const user = (account: string, role: string) => [
    account,
    '导入',
    '导入员',
    `${account}@example.cn`,
    '13800000000',
    '女',
    '1992-03-04',
    role,
    '刀锋科技',
    '',
    'WEB',
  ];
  ws.getRow(2).values = user(good, '用户');
  ws.getRow(3).values = user(bad, '不存在的角色');
  const filled = Buffer.from(await wb.xlsx.writeBuffer());

  // Imported: one added, the other refused with its row number and reason; the list reads again.
  await dialog.getByLabel('导入文件(.xlsx)').setInputFiles({
    name: 'users.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  await dialog.getByRole('button', { name: '开始导入' }).click();
  const report = dialog.getByTestId('user-import-report');
  await expect(report).toContainText('共 2 行:新增 1,更新 0,失败 1');
  const failed = dialog.getByRole('table', { name: '未导入的行' });
  await expect(failed.getByRole('row')).toHaveCount(2);
  await expect(failed.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '3',
    bad,
    '角色不存在: 不存在的角色',
  ]);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The new user is in the list, with its role and department by name.
  const search = page.getByRole('search');
  await search.getByLabel('登录账号').fill(good);
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(good) });
  await expect(row).toContainText('用户');
  await expect(row).toContainText('刀锋科技');

  // Exported with that filter: exactly that user, in the template's columns.
  const exported = await downloadOf(
    page,
    page.getByRole('button', { name: '导出', exact: true }),
    '用户数据.xlsx',
  );
  const sheet = await readSheet(exported);
  expect(sheet.header).toEqual(COLUMNS);
  expect(byHeader(sheet)).toEqual([
    {
      账号: good,
      昵称: '导入',
      姓名: '导入员',
      邮箱: `${good}@example.cn`,
      手机: '13800000000',
      性别: '女',
      生日: '1992-03-04',
      角色: '用户',
      部门: '刀锋科技',
      岗位: '',
      用户平台: 'WEB',
    },
  ]);

  // Leave the tenant as it was: the imported user is removed (the refused one was never written).
  const token = await tokenFor(page.request, 'admin', 'admin');
  const listed = await api<{ records: { id: string; account: string }[] }>(
    page.request,
    token,
    'GET',
    `smart-user/page?account=${bad}`,
  );
  expect(listed.records).toEqual([]);
  const mine = await api<{ records: { id: string }[] }>(
    page.request,
    token,
    'GET',
    `smart-user/page?account=${good}`,
  );
  await api(page.request, token, 'POST', `smart-user/remove?ids=${mine.records[0]!.id}`);
});
