import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { api, tokenFor } from './api-helper';
import { choose, pickDateTime } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// The tenant page's own actions against the reference server (tenant.yaml): the licence of the selected tenants
// (授权配置: account quota and expiry, shown in the row afterwards), and a tenant's package (产品包配置: the current
// one preselected when the dialog opens again) and datasource (数据源), each dialog labelled and free of axe
// violations.
test("the administrator sets a new tenant's licence and package on the tenant page", async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const tenantName = `端到端租户${stamp}`;
  const packageName = `端到端产品包${stamp}`;
  const admin = await tokenFor(page.request, 'admin', 'admin');
  await api(page.request, admin, 'POST', 'smart-system/tenant/submit', { tenantName, linkman: '端到端' });
  const menus = await api<{ id: string }[]>(page.request, admin, 'GET', 'smart-system/menu/tree');
  await api(page.request, admin, 'POST', 'smart-system/tenant-package/save', {
    packageName,
    menuId: menus[0]!.id,
  });

  await loginAsAdmin(page);
  await page.goto('/system/tenant');
  const search = page.getByRole('search');
  await search.getByLabel('租户名称').fill(tenantName);
  await search.getByRole('button', { name: '搜索' }).click();
  const row = page.getByRole('row', { name: new RegExp(tenantName) });
  await expect(row).toBeVisible();

  // 授权配置 for the ticked tenant: it opens with the tenant's own quota, and the row shows the new licence
  const licenceButton = page.getByRole('button', { name: '授权配置' });
  await expect(licenceButton).toBeDisabled();
  await row.getByRole('checkbox').check();
  await licenceButton.click();
  const licence = page.getByRole('dialog', { name: '授权配置' });
  const quota = licence.getByLabel('账号额度');
  await expect(quota).toBeEnabled();
  await expect(quota).not.toHaveValue('');
  await quota.fill('25');
  const expiry = await pickDateTime(page, '过期时间', 28, 18);
  await expect(licence.getByRole('combobox', { name: '过期时间' })).toContainText(expiry);
  expect(await axeViolations(page)).toEqual([]);
  await licence.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('授权配置成功').last()).toBeVisible();
  await expect(licence).toBeHidden();
  await expect(row.getByRole('cell', { name: '25', exact: true })).toBeVisible();
  await expect(row).toContainText(expiry);

  // 产品包配置: a new tenant has none; the package chosen is preselected the next time
  await row.getByRole('button', { name: '产品包配置' }).click();
  const pkg = page.getByRole('dialog', { name: '产品包配置' });
  await expect(pkg.getByRole('combobox', { name: '产品包' })).toContainText('不使用产品包');
  await choose(page, pkg, '产品包', packageName);
  await pkg.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('产品包配置成功').last()).toBeVisible();
  await expect(pkg).toBeHidden();
  await row.getByRole('button', { name: '产品包配置' }).click();
  await expect(pkg.getByRole('combobox', { name: '产品包' })).toContainText(packageName);
  expect(await axeViolations(page)).toEqual([]);
  await pkg.getByRole('button', { name: '取消' }).click();
  await expect(pkg).toBeHidden();

  // 数据源: a labelled choice among the develop module's datasources (or a select saying there is none)
  await row.getByRole('button', { name: '数据源' }).click();
  const datasource = page.getByRole('dialog', { name: '数据源配置' });
  await expect(datasource.getByRole('combobox', { name: '数据源' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await datasource.getByRole('button', { name: '取消' }).click();
  await expect(datasource).toBeHidden();

  // leave no tenant or package behind
  const tenants = await api<{ records: { id: string }[] }>(
    page.request,
    admin,
    'GET',
    `smart-system/tenant/list?tenantName=${encodeURIComponent(tenantName)}`,
  );
  const packages = await api<{ records: { id: string }[] }>(
    page.request,
    admin,
    'GET',
    `smart-system/tenant-package/list?packageName=${encodeURIComponent(packageName)}`,
  );
  await api(page.request, admin, 'POST', `smart-system/tenant/remove?ids=${tenants.records[0]!.id}`);
  await api(page.request, admin, 'POST', `smart-system/tenant-package/remove?ids=${packages.records[0]!.id}`);
});
