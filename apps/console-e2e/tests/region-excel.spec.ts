import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { downloadOf, readSheet, templateWorkbook } from './excel-helper';
import { loginAsAdmin } from './login-helper';

// Regions' Excel import and export against the reference server (region.yaml import-region, export-region,
// export-template): the administrator fills the template with a district and a town under it (the parent first in
// the sheet) and two bad rows, imports and reads the report, finds the district in the tree, exports it by name and
// reads the workbook back, then deletes both regions.

const COLUMNS = ['区划编号', '上级区划编号', '区划名称', '区划等级', '排序', '备注'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('the administrator imports a district and its town from the template, exports them, and deletes them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // eight digits under 北京城区 (1101): never one of the six-digit districts region.spec.ts writes
  const district = `1101${String(7000 + (Date.now() % 1000))}`;
  const town = `${district}001`;
  const name = `导入区${district.slice(-3)}`;
  await loginAsAdmin(page);
  await page.goto('/base/region');
  await expect(page.getByTestId('page').getByRole('treegrid')).toBeVisible();

  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '行政区划导入' });
  const template = await downloadOf(
    page,
    dialog.getByRole('button', { name: '下载模板' }),
    '行政区划导入模板.xlsx',
  );
  const blank = await readSheet(template);
  expect(blank.header).toEqual(COLUMNS);
  expect(blank.rows).toHaveLength(1);

  const wb = await templateWorkbook(template);
  const ws = wb.worksheets[0]!;
  ws.getRow(2).values = [district, '1101', name, '区县', 1, '端到端'];
  ws.getRow(3).values = [town, district, `${name}一镇`, '乡镇', 1, ''];
  ws.getRow(4).values = [`${district}002`, '99999999', '无主镇', '乡镇', 1, ''];
  ws.getRow(5).values = [`${district}003`, district, '错级镇', '星球', 1, ''];
  await dialog.getByLabel('导入文件(.xlsx)').setInputFiles({
    name: 'regions.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  });
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(dialog.getByTestId('region-import-report')).toContainText('共 4 行:新增 2,更新 0,失败 2');
  const failed = dialog.getByRole('table', { name: '未导入的行' });
  await expect(failed.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '4',
    `${district}002`,
    '上级区划不存在: 99999999',
  ]);
  await expect(failed.getByRole('row').nth(2).getByRole('cell')).toHaveText([
    '5',
    `${district}003`,
    '区划等级不存在: 星球',
  ]);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // found by name at any level, and exported by that search: the district and its town, parent first
  const search = page.getByRole('search');
  await search.getByLabel('区划名称').fill(name);
  await search.getByRole('button', { name: '搜索' }).click();
  const tree = page.getByTestId('page').getByRole('treegrid');
  const townRow = tree.getByRole('row').filter({ hasText: town });
  const districtRow = tree.getByRole('row').filter({ hasText: district }).filter({ hasNotText: town });
  await expect(districtRow).toContainText(name);
  const exported = await downloadOf(
    page,
    page.getByRole('button', { name: '导出', exact: true }),
    '行政区划数据.xlsx',
  );
  const sheet = await readSheet(exported);
  expect(sheet.header).toEqual(COLUMNS);
  expect(sheet.rows).toEqual([
    [district, '1101', name, '区县', '1', '端到端'],
    [town, district, `${name}一镇`, '乡镇', '1', ''],
  ]);

  // deleted: the town first (a region with children cannot go)
  for (const row of [townRow, districtRow]) {
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('删除成功').last()).toBeVisible();
  }
});
