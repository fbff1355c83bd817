import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, CLIENT, consoleToken, TENANT, tokenFor } from './api-helper';
import { loginAsAdmin } from './login-helper';

// Registration dialog (docs/spec.md §2, §5, §8), the avatar dropdown (§2 top bar) and the top-bar figures (§1, §3), as a
// person sees them in Chromium against the real server. Every test has its own browser context; account names are
// unique per run, so reruns on the same database pass.

// The top-bar figures are shown from the xl breakpoint up.
test.use({ viewport: { width: 1440, height: 900 } });

/** A fresh account name: letters and digits, well under the server's 45 characters. */
const uniqueAccount = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

interface UserFigures {
  expireTime: string;
  power: number;
  balance: number;
}

interface RoleNode {
  id: string;
  tenantId: string;
  roleAlias: string;
  children?: RoleNode[];
}

/** Approves a pending account the way the server's flow does: an administrator grants it a role (user/grant). */
async function approve(request: APIRequestContext, account: string): Promise<void> {
  const admin = await tokenFor(request, 'admin', 'admin');
  const page = await api<{ records: { id: string; account: string; status: number }[] }>(
    request,
    admin,
    'GET',
    `smart-user/page?current=1&size=10&account=${encodeURIComponent(account)}`,
  );
  const pending = page.records.find((u) => u.account === account);
  expect(pending, `the registered account ${account} is listed`).toBeDefined();
  expect(pending!.status, 'a fresh registration waits for approval (status 0)').toBe(0);

  const roots = await api<RoleNode[]>(request, admin, 'GET', 'smart-system/role/list?roleAlias=user');
  const flat = (nodes: RoleNode[]): RoleNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const role = flat(roots).find((r) => r.tenantId === TENANT && r.roleAlias === 'user');
  expect(role, 'tenant 000000 has a "user" role').toBeDefined();

  await api(request, admin, 'POST', `smart-user/grant?userIds=${pending!.id}&roleIds=${role!.id}`);
}

async function login(page: Page, account: string, password: string): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByLabel('账号', { exact: true }).fill(account);
  await form.getByLabel('密码', { exact: true }).fill(password);
  await form.getByRole('button', { name: '登录' }).click();
}

test.describe('registration dialog', () => {
  test('checks in order, registers a pending account, which logs in once an administrator approves it', async ({
    page,
    request,
  }) => {
    const account = uniqueAccount();
    const name = '测试新人';
    const password = 'Pw-e2e-1234';
    const registerCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/smart-user/register') && r.method() === 'POST') registerCalls.push(r.url());
    });

    await page.goto('/login');
    await page.getByRole('button', { name: '注册账号' }).click();
    const dialog = page.getByRole('dialog', { name: '账号注册' });
    await expect(dialog).toBeVisible();
    // tenant mode is off in this build: no tenant id field; the other four fields are there
    await expect(dialog.getByLabel('租户编号')).toHaveCount(0);
    for (const label of ['用户姓名', '账号名称', '账号密码', '确认密码']) {
      await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    }
    const warning = dialog.getByRole('alert');
    const submit = dialog.getByRole('button', { name: '提交' });

    // 1. account empty (although the passwords differ too): only the account warning
    await dialog.getByLabel('用户姓名', { exact: true }).fill(name);
    await dialog.getByLabel('账号密码', { exact: true }).fill('one');
    await dialog.getByLabel('确认密码', { exact: true }).fill('two');
    await submit.click();
    await expect(warning).toHaveText('请先输入账号名称');

    // blanks only count as empty
    await dialog.getByLabel('账号名称', { exact: true }).fill('   ');
    await submit.click();
    await expect(warning).toHaveText('请先输入账号名称');

    // 2. password or confirmation empty (the account is there now)
    await dialog.getByLabel('账号名称', { exact: true }).fill(account);
    await dialog.getByLabel('账号密码', { exact: true }).fill('');
    await submit.click();
    await expect(warning).toHaveText('请先输入密码');
    await dialog.getByLabel('账号密码', { exact: true }).fill(password);
    await dialog.getByLabel('确认密码', { exact: true }).fill('');
    await submit.click();
    await expect(warning).toHaveText('请先输入密码');

    // 3. the passwords differ
    await dialog.getByLabel('确认密码', { exact: true }).fill(`${password}x`);
    await submit.click();
    await expect(warning).toHaveText('两次密码输入不一致');
    // one warning at a time, and nothing was sent while a check failed
    await expect(warning).toHaveCount(1);
    expect(registerCalls).toEqual([]);

    // a valid registration: the pending-approval message, then back on /login with the dialog closed
    await dialog.getByLabel('确认密码', { exact: true }).fill(password);
    const registered = page.waitForResponse(
      (r) => r.url().includes('/api/smart-user/register') && r.request().method() === 'POST',
    );
    await submit.click();
    expect((await registered).status()).toBe(200);
    const done = page.getByRole('alertdialog', { name: '注册提示' });
    await expect(done).toBeVisible();
    await expect(done.getByTestId('register-submitted')).toHaveText('注册申请已提交,请耐心等待管理员通过!');
    await expect(dialog).toHaveCount(0);
    await done.getByRole('button', { name: '确定' }).click();
    await expect(done).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    expect(registerCalls).toHaveLength(1);

    // the new account cannot log in before approval: the server's message, and the user stays on /login
    await login(page, account, password);
    await expect(page.getByText('账号正在等待管理员审核,审核通过后方可登录')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // an administrator approves it (grant a role), after which it logs in and reaches the welcome page
    await approve(request, account);
    await login(page, account, password);
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(page.getByText(`欢迎回来,${name}`)).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(name);
  });

  test('registering an account that already exists shows the server refusal and keeps the dialog open', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '注册账号' }).click();
    const dialog = page.getByRole('dialog', { name: '账号注册' });
    await dialog.getByLabel('用户姓名', { exact: true }).fill('重复');
    await dialog.getByLabel('账号名称', { exact: true }).fill('admin');
    await dialog.getByLabel('账号密码', { exact: true }).fill('whatever1');
    await dialog.getByLabel('确认密码', { exact: true }).fill('whatever1');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('当前用户 [admin] 已存在!')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: '注册提示' })).toHaveCount(0);

    // cancel closes it, still on /login
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });
  test('the user name is not one of the four checks; the server refuses an empty one with its message', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '注册账号' }).click();
    const dialog = page.getByRole('dialog', { name: '账号注册' });
    await dialog.getByLabel('账号名称', { exact: true }).fill(uniqueAccount());
    await dialog.getByLabel('账号密码', { exact: true }).fill('whatever1');
    await dialog.getByLabel('确认密码', { exact: true }).fill('whatever1');
    const sent = page.waitForResponse(
      (r) => r.url().includes('/api/smart-user/register') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: '提交' }).click();
    expect((await sent).status()).toBe(400);
    await expect(page.getByText('请输入用户昵称')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('alertdialog', { name: '注册提示' })).toHaveCount(0);
  });
});

test.describe('avatar dropdown', () => {
  test('offers dashboard, user info and log out, and no department/role switch', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['控制台', '个人信息', '退出登录']);
    await expect(menu.getByRole('menuitem', { name: '切换部门/角色' })).toHaveCount(0);
    await expect(page.getByText('切换部门/角色')).toHaveCount(0);
  });

  test('dashboard opens /wel/dashboard with the figures the server has', async ({ page, request }) => {
    await loginAsAdmin(page);
    const token = await consoleToken(page);
    const figures = await api<UserFigures>(request, token, 'GET', 'smart-auth/oauth/user-info');
    const notices = await api<{ total: number }>(
      request,
      token,
      'GET',
      'smart-desk/notice/list?current=1&size=5',
    );
    // The reference server may not implement the order list (501): the card then says "no data", never a number.
    const orderResponse = await request.get('/api/smart-order/order/list?current=1&size=1', {
      headers: { Authorization: CLIENT, 'Smart-Auth': `bearer ${token}` },
    });
    const orderBody = (await orderResponse.json()) as { code: number; data?: { total: number } };
    const orderTotal = orderBody.code === 200 ? String(orderBody.data!.total) : '暂无数据';
    expect(typeof figures.power).toBe('number');
    expect(typeof figures.balance).toBe('number');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '控制台' }).click();
    await expect(page).toHaveURL(/\/wel\/dashboard$/);
    await expect(
      page.getByTestId('tab-strip').getByRole('button', { name: '控制台', exact: true }),
    ).toBeVisible();

    // The home tab stays mounted (hidden) with the same cards: read the dashboard's own row, next to its notices card.
    const board = page.getByTestId('figure-notices').locator('..');
    const expire = board.getByTestId('figure-expire');
    const power = board.getByTestId('figure-power');
    const balance = board.getByTestId('figure-balance');
    await expect(expire).toBeVisible();
    await expect(expire).toContainText(`有效期至${figures.expireTime || '长期'}`);
    await expect(power).toContainText(`剩余算力${figures.power}次`);
    await expect(balance).toContainText(`余额${figures.balance}元`);
    await expect(page.getByTestId('figure-notices')).toHaveText(`公告${notices.total}`);
    await expect(page.getByTestId('figure-orders')).toHaveText(`订单${orderTotal}`);
    // real values, not placeholders
    for (const card of [expire, power, balance, page.getByTestId('figure-notices')]) {
      await expect(card).not.toContainText('暂无数据');
    }
  });

  test('user info opens /info/index', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await expect(page).toHaveURL(/\/info\/index$/);
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await expect(page.getByRole('tab', { name: '个人信息' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '修改密码' })).toBeVisible();
  });

  test('log out asks first, clears the session, lands on /login, and back does not return', async ({
    page,
    request,
  }) => {
    await loginAsAdmin(page);
    // some console history to go back into
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '控制台' }).click();
    await expect(page).toHaveURL(/\/wel\/dashboard$/);
    const token = await consoleToken(page);

    // cancelling keeps everything
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('退出系统, 是否继续?');
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(/\/wel\/dashboard$/);
    expect(await consoleToken(page)).toBe(token);

    // confirming logs out
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();

    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).not.toContain('saber-access-token');
    expect(cookies.map((c) => c.name)).not.toContain('saber-refresh-token');
    // the server's HttpOnly refresh cookie is ended by the logout call
    expect(cookies.map((c) => c.name)).not.toContain('smart-refresh-token');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('saber-token') ?? sessionStorage.getItem('saber-token'),
      refresh: localStorage.getItem('saber-refreshToken') ?? sessionStorage.getItem('saber-refreshToken'),
      user: localStorage.getItem('saber-userInfo') ?? sessionStorage.getItem('saber-userInfo'),
    }));
    expect(stored).toEqual({ token: null, refresh: null, user: null });
    // the server revoked the old token too
    const stale = await request.get('/api/smart-auth/oauth/user-info', {
      headers: { Authorization: CLIENT, 'Smart-Auth': `bearer ${token}` },
    });
    expect(stale.status()).toBe(401);

    // the back button does not lead into the console
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('top-bar')).toHaveCount(0);
    await page.goto('/wel/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('top bar', () => {
  test('shows expiry, power and balance from the server after login, linking to the recharge page', async ({
    page,
    request,
  }) => {
    await loginAsAdmin(page);
    const figures = await api<UserFigures>(
      request,
      await consoleToken(page),
      'GET',
      'smart-auth/oauth/user-info',
    );
    const bar = page.getByTestId('account-figures');
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(`有效期: ${figures.expireTime || '长期'}`);
    await expect(bar).toContainText(`算力: ${figures.power} 次`);
    await expect(bar).toContainText(`余额: ${figures.balance} 元`);
    await bar.click();
    await expect(page).toHaveURL(/\/pay\/pay$/);
  });
});
