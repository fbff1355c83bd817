import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { api, tokenFor } from './api-helper';
import { choose } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// Card keys against the real server (smart-rpa/rpa_card_group generate, rpa_card_password redeem): an administrator
// generates 100 keys from the card groups' page, sees them once and downloads them, then redeems one for a customer
// from the card keys' page; the customer's power rises, the card reads used, and the power ledger has its row.

interface Figures {
  power: number;
}

const figures = (request: APIRequestContext, token: string) =>
  api<Figures>(request, token, 'GET', 'smart-auth/oauth/user-info');

test('an administrator generates 100 card keys and redeems one for a customer', async ({ page, request }) => {
  // two pages, two dialogs checked with axe, a download, two redemptions and the ledger: more than one test's minute
  test.slow();
  const name = `E2E卡${Date.now() % 100_000_000}`;
  const token = await tokenFor(request, 'admin', 'admin');
  const before = (await figures(request, token)).power;

  await loginAsAdmin(page);
  await page.goto('/rpa/rpa_card_group');
  await page.getByRole('button', { name: '生成卡密', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: '生成卡密' });
  await dialog.getByLabel('卡组名称').fill(name);
  await dialog.getByLabel(/每张面值/).fill('250');
  await dialog.getByLabel('卡号前缀').fill('e2e');
  await dialog.getByLabel('生成数量').fill('100');
  await dialog.getByRole('button', { name: '生成', exact: true }).click();

  // shown once: 100 numbers with their secrets, to copy or download
  const shown = page.getByRole('dialog', { name: `已生成 100 张卡密:${name}` });
  await expect(shown.getByRole('alert')).toContainText('只显示这一次');
  const rows = shown.locator('tbody tr');
  await expect(rows).toHaveCount(100);
  const cardNo = (await rows.first().locator('td').first().textContent())!.trim();
  const cardSecret = (await rows.first().locator('td').nth(1).textContent())!.trim();
  expect(cardNo).toMatch(/^E2E\d{16}$/);
  expect(cardSecret).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
  expect(await axeViolations(page)).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    shown.getByRole('button', { name: '下载 CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  expect(lines).toHaveLength(101);
  expect(lines).toContain(`${cardNo},${cardSecret}`);
  await shown.getByRole('button', { name: '我已保存,关闭' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

  // redeemed for the customer (the administrator's own account, whose figures the top-up page shows)
  await page.goto('/rpa/rpa_card_password');
  await page.getByRole('button', { name: '兑换', exact: true }).click();
  const redeem = page.getByRole('dialog', { name: '兑换卡密' });
  await redeem.getByLabel('卡号').fill(cardNo);
  await redeem.getByLabel('卡密', { exact: true }).fill(cardSecret.toLowerCase());
  expect(await axeViolations(page)).toEqual([]);
  await choose(page, redeem, '客户', '管理员 (admin)');
  await redeem.getByRole('button', { name: '确认兑换' }).click();
  await expect(page.getByText(`兑换成功:${before} → ${before + 250} 次`)).toBeVisible();
  await expect(redeem).toBeHidden();
  const search = page.getByRole('search');
  await search.getByLabel('卡号').fill(cardNo);
  // Enter, not the search button: the success toast may sit over the button, and a hovered toast stays
  await search.getByLabel('卡号').press('Enter');
  const used = page.getByRole('row').filter({ hasText: cardNo });
  await expect(used).toContainText('已使用');
  await expect(used).toContainText('管理员');

  // the same card again is refused
  await page.getByRole('button', { name: '兑换', exact: true }).click();
  await redeem.getByLabel('卡号').fill(cardNo);
  await redeem.getByLabel('卡密', { exact: true }).fill(cardSecret);
  await redeem.getByRole('button', { name: '确认兑换' }).click();
  await expect(page.getByText('卡密已被使用')).toBeVisible();
  await expect(redeem).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(redeem).toBeHidden();

  // the customer's power, on the top-up page and from the server, and its ledger row
  expect((await figures(request, token)).power).toBe(before + 250);
  await page.goto('/pay/pay');
  await expect(page.getByTestId('pay-figures')).toContainText(`${before + 250} 次`);
  await page.goto('/commerce/power_logs');
  const logged = page.getByRole('row').filter({ hasText: cardNo });
  await expect(logged).toContainText('250');
  const ledger = await api<{
    records: { bizId: string; power: number; changeType: number; remark: string }[];
  }>(request, token, 'GET', 'smart-ai/power_logs/list?bizType_equal=CARD&size=5');
  expect(ledger.records.find((r) => r.remark === cardNo)).toMatchObject({ power: 250, changeType: 2 });
});
