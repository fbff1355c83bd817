import { expect, test, type Locator } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { api, tokenFor } from './api-helper';
import { loginAsAdmin } from './login-helper';

// The role page against the reference server (role.yaml): the administrator adds a role, grants it a whole menu
// (参数管理 with its buttons) and one button of another (岗位管理 › 新增) in 权限设置, and finds them checked when the
// dialog opens again; a user holding the role then gets both pages in its routes (menu.yaml `routes`) and exactly
// those buttons (`buttons`).

interface Tree {
  id: string;
  path?: string;
  code?: string;
  roleName?: string;
  children?: Tree[];
}

const flat = (nodes: Tree[]): Tree[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/** The row of the tree item labelled exactly `label` in `scope` (a treeitem's name also holds its open children). */
const rowOf = (scope: Locator, label: string) =>
  scope
    .locator('[data-slot=tree-row]')
    .filter({ has: scope.page().locator('[data-slot=tree-label]', { hasText: new RegExp(`^${label}$`) }) });
/** The tree item of that row, which carries its check state. */
const itemOf = (scope: Locator, label: string) => rowOf(scope, label).locator('xpath=..');

test('the administrator grants a role a menu and a button; they stay checked and the role’s users get them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now() % 1_000_000_000;
  const roleName = `端到端角色${tag}`;
  await loginAsAdmin(page);
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByRole('button', { name: '权限管理' }).click();
  await nav.getByRole('link', { name: '角色管理' }).click();
  await expect(page).toHaveURL(/\/authority\/role$/);
  const table = page.getByTestId('page').getByRole('treegrid');
  await expect(table.getByRole('row', { name: /超级管理员/ })).toBeVisible();

  // a new top-level role
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('角色名称').fill(roleName);
  await form.getByLabel('角色别名').fill(`e2e${tag}`);
  await form.getByLabel('角色排序').fill('90');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(form).toBeHidden();

  const search = page.getByRole('search');
  await search.getByLabel('角色名称').fill(roleName);
  await search.getByRole('button', { name: '搜索' }).click();
  const row = table.getByRole('row', { name: new RegExp(roleName) });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();

  // 权限设置: a new role holds nothing
  const grant = page.getByRole('button', { name: '权限设置' });
  await grant.click();
  const dialog = page.getByRole('dialog', { name: '权限设置' });
  const menus = dialog.getByRole('tree', { name: '菜单权限' });
  await expect(itemOf(menus, '系统管理')).toHaveAttribute('aria-checked', 'false');
  await rowOf(menus, '参数管理').click();
  await rowOf(menus, '岗位管理').locator('[data-slot=tree-toggle]').click();
  const post = itemOf(menus, '岗位管理').getByRole('group');
  await rowOf(post, '新增').click();
  await expect(itemOf(menus, '参数管理')).toHaveAttribute('aria-checked', 'true');
  await expect(itemOf(menus, '岗位管理')).toHaveAttribute('aria-checked', 'mixed');
  await expect(itemOf(menus, '系统管理')).toHaveAttribute('aria-checked', 'mixed');
  // the other trees are real tabs
  await dialog.getByRole('tab', { name: '数据权限' }).click();
  await expect(dialog.getByRole('tab', { name: '数据权限' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('tab', { name: '菜单权限' }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('权限设置成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // opened again: the menu wholly, the page of the one button half, that button alone
  await grant.click();
  await expect(itemOf(menus, '参数管理')).toHaveAttribute('aria-checked', 'true');
  await expect(itemOf(menus, '岗位管理')).toHaveAttribute('aria-checked', 'mixed');
  await expect(itemOf(menus, '用户管理')).toHaveAttribute('aria-checked', 'false');
  await rowOf(menus, '岗位管理').locator('[data-slot=tree-toggle]').click();
  await expect(itemOf(post, '新增')).toHaveAttribute('aria-checked', 'true');
  await expect(itemOf(post, '删除')).toHaveAttribute('aria-checked', 'false');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  // a user holding the role gets both pages and exactly the granted buttons
  const admin = await tokenFor(request, 'admin', 'admin');
  const roles = await api<Tree[]>(
    request,
    admin,
    'GET',
    `smart-system/role/list?roleName=${encodeURIComponent(roleName)}`,
  );
  const roleId = flat(roles).find((r) => r.roleName === roleName)!.id;
  const [dept] = await api<Tree[]>(request, admin, 'GET', 'smart-system/dept/tree');
  const account = `e2erole${tag}`;
  await api(request, admin, 'POST', 'smart-user/submit', {
    account,
    password: 'Role#2026',
    password2: 'Role#2026',
    name: '角色端到端',
    realName: '角色测试员',
    userType: 1,
    roleId,
    deptId: dept!.id,
  });
  const users = await api<{ records: { id: string }[] }>(
    request,
    admin,
    'GET',
    `smart-user/page?account=${account}`,
  );
  try {
    const token = await tokenFor(request, account, 'Role#2026');
    const routes = flat(await api<Tree[]>(request, token, 'GET', 'smart-system/menu/routes')).map(
      (m) => m.path,
    );
    expect(routes).toEqual(expect.arrayContaining(['/system/param', '/system/post']));
    expect(routes).not.toContain('/system/user');
    const buttons = await api<Tree[]>(request, token, 'GET', 'smart-system/menu/buttons');
    const codes = Object.fromEntries(buttons.map((b) => [b.code, (b.children ?? []).map((c) => c.code)]));
    expect(codes.post).toEqual(['post_add']);
    // the whole page: every button of it
    expect(codes.param).toEqual(
      expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'param_view']),
    );
  } finally {
    await api(request, admin, 'POST', `smart-user/remove?ids=${users.records.map((u) => u.id).join(',')}`);
    await api(request, admin, 'POST', `smart-system/role/remove?ids=${roleId}`);
  }
});
