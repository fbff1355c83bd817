import { expect, test } from '@playwright/test';
import { api, tokenFor } from './api-helper';
import { loginAsAdmin } from './login-helper';

// The optional top menu of the top bar (docs/spec.md §2): hidden while the tenant has none; with one, choosing it narrows
// the sidebar to the menus granted to it, and the home entry brings the whole menu back. The seed has no top
// menu, so this test makes one through the API and removes it afterwards.

interface RouteNode {
  id: string;
  name: string;
  path: string;
  children?: RouteNode[];
}

const flat = (nodes: RouteNode[]): RouteNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

test('a top menu narrows the sidebar to its menus; the home entry brings the whole menu back', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, 'admin', 'admin');
  const code = `e2e${Date.now().toString(36)}`;
  const name = `E2E顶部${code.slice(-4)}`;

  await loginAsAdmin(page);
  const topBar = page.getByRole('navigation', { name: '顶部菜单' });
  await expect(topBar).toHaveCount(0);

  const routes = flat(await api<RouteNode[]>(request, token, 'GET', 'smart-system/menu/routes'));
  const param = routes.find((r) => r.path === '/system/param');
  const dict = routes.find((r) => r.path === '/system/dict');
  expect(param && dict, 'the seeded menu has the param and dict pages').toBeTruthy();

  await api(request, token, 'POST', 'smart-system/topmenu/submit', {
    code,
    name,
    sort: 99,
    source: 'setting',
  });
  const created = await api<{ records: { id: string; code: string }[] }>(
    request,
    token,
    'GET',
    `smart-system/topmenu/list?current=1&size=10&code=${code}`,
  );
  const topMenuId = created.records.find((r) => r.code === code)?.id ?? '';
  expect(topMenuId).not.toBe('');

  try {
    await api(request, token, 'POST', 'smart-system/topmenu/grant', {
      topMenuIds: [topMenuId],
      menuIds: [param!.id, dict!.id],
    });

    await page.reload();
    const sidebar = page.getByRole('navigation', { name: '主菜单' });
    await expect(topBar.getByRole('button', { name: '首页' })).toHaveAttribute('aria-pressed', 'true');
    await expect(sidebar.getByRole('button', { name: '系统管理' })).toBeVisible();

    await topBar.getByRole('button', { name }).click();
    await expect(topBar.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
    // the granted menus become the sidebar's roots, without their parent group
    await expect(sidebar.getByRole('button', { name: '系统管理' })).toHaveCount(0);
    await expect(sidebar.getByRole('link')).toHaveCount(2);
    await expect(sidebar.getByRole('link', { name: param!.name })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: dict!.name })).toBeVisible();

    // the narrowed sidebar still opens its pages as tabs
    await sidebar.getByRole('link', { name: param!.name }).click();
    await expect(page).toHaveURL(/\/system\/param$/);

    await topBar.getByRole('button', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(sidebar.getByRole('button', { name: '系统管理' })).toBeVisible();
  } finally {
    await api(request, token, 'POST', `smart-system/topmenu/remove?ids=${topMenuId}`);
  }
});
