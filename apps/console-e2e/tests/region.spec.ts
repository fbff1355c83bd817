import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { choose } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// Administrative regions against the reference server (region.yaml): the tree opens a level at a time from the
// country, "add child" puts a new district under a city with the parent preset, the code is fixed once saved, and a
// region with children cannot be deleted before them; a search finds a region at any level.
test('the administrator adds a district under a city of the region tree, edits it and deletes it', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '基础配置' }).click();
  await nav.getByRole('link', { name: '行政区划' }).click();
  await expect(page).toHaveURL(/\/base\/region$/);
  const tree = page.getByTestId('page').getByRole('treegrid');
  const row = (name: string) => tree.getByRole('row', { name: new RegExp(name) });
  const open = async (...names: string[]) => {
    for (const name of names) {
      const toggle = row(name).getByRole('button', { name: /^(展开|收起)$/ });
      await expect(toggle).toBeVisible();
      if ((await row(name).getByRole('button', { name: '展开' }).count()) > 0) await toggle.click();
      await expect(row(name).getByRole('button', { name: '收起' })).toBeVisible();
    }
  };

  // a level at a time: the country, its provinces, a province's cities
  await expect(row('中华人民共和国')).toBeVisible();
  await open('中华人民共和国', '北京市');
  await expect(row('北京城区')).toBeVisible();

  // a new district under 北京城区, its parent preset
  const code = `1101${String((Date.now() % 90) + 10)}`;
  await row('北京城区').getByRole('button', { name: '新增子项' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: '上级区划' })).toContainText('北京城区');
  await dialog.getByLabel('区划名称').fill('端到端区');
  await dialog.getByLabel('区划编号').fill(code);
  await choose(page, dialog, '区划等级', '区县');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  // the write reloads the tree with the open path open again (the kit's lazy trees), the new district in it
  await expect(row('端到端区')).toContainText(code);
  expect(await axeViolations(page)).toEqual([]);

  // the parent cannot go while it has children
  await row('北京城区').getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('请先删除子节点!')).toBeVisible();
  await expect(row('北京城区')).toBeVisible();

  // edit: the code is the key and stays
  await row('端到端区').getByRole('button', { name: '编辑' }).click();
  await expect(dialog.getByLabel('区划编号')).toBeDisabled();
  await dialog.getByLabel('区划名称').fill('端到端新区');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(row('端到端新区')).toContainText(code);

  await row('端到端新区').getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row('端到端新区')).toHaveCount(0);

  // a search finds regions at any level, each still opening a level at a time
  const search = page.getByRole('search');
  await search.getByLabel('区划名称').fill('北京城区');
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(row('北京城区')).toBeVisible();
  await expect(row('中华人民共和国')).toHaveCount(0);
  await open('北京城区');
  await expect(row('东城区')).toBeVisible();
});
