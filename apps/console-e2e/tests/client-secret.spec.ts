import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, consoleToken, md5, TENANT, tokenFor } from './api-helper';
import { loginAsAdmin } from './login-helper';

// An operator rotates a client's secret on the client page; the secret shown once then signs in through that
// client, and the old one no longer does (both within the server's 10-second client cache).

async function grant(request: APIRequestContext, clientId: string, secret: string): Promise<number> {
  const query = new URLSearchParams({
    grant_type: 'password',
    username: 'admin',
    password: md5('admin'),
    scope: 'all',
    tenantId: TENANT,
    type: 'account',
  });
  const response = await request.post(`/api/smart-auth/oauth/token?${query.toString()}`, {
    headers: {
      Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'Tenant-Id': TENANT,
    },
  });
  return response.status();
}

test('the administrator rotates a client secret, shown once, and the client signs in with the new one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const clientId = `e2e${Date.now().toString(36)}`;
  const admin = await tokenFor(page.request, 'admin', 'admin');
  await api(page.request, admin, 'POST', 'smart-system/client/submit', {
    clientId,
    clientSecret: 'first_secret',
    scope: 'all',
    authorizedGrantTypes: 'refresh_token,password',
    accessTokenValidity: 3600,
    refreshTokenValidity: 7200,
  });
  expect(await grant(page.request, clientId, 'first_secret')).toBe(200);

  await loginAsAdmin(page);
  await page.goto('/system/client');
  const row = page.getByRole('row', { name: new RegExp(clientId) });
  await row.getByRole('button', { name: /重置密钥/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  const shown = page.getByRole('dialog', { name: '新的客户端密钥' });
  const box = shown.getByRole('textbox', { name: '新的客户端密钥' });
  await expect(box).toHaveValue(/^[A-HJ-NP-Za-km-z2-9]{32}$/);
  const secret = await box.inputValue();
  await shown.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();

  // the server answers only the mask, never the secret
  const listed = await api<{ records: { clientId: string; clientSecret: string }[] }>(
    page.request,
    await consoleToken(page),
    'GET',
    `smart-system/client/list?clientId=${clientId}`,
  );
  expect(listed.records.map((r) => r.clientSecret)).toEqual(['******']);
  // every server instance reads clients through a 10-second cache: the new secret takes over within it
  await expect.poll(() => grant(page.request, clientId, secret), { timeout: 20_000 }).toBe(200);
  await expect.poll(() => grant(page.request, clientId, 'first_secret'), { timeout: 20_000 }).not.toBe(200);
});
