import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { api, tokenFor } from './api-helper';
import { choose } from './crud-helper';
import { loginAsAdmin } from './login-helper';

// Image generation against the real server and its simulated chat model and Midjourney proxy (smart-mj/mj_prompt
// generate, draw, change): an app with a phrase whose word pool is a business dictionary; the operator generates a
// prompt from the prompts' page, draws it for a customer, watches the progress reach 100 %, sees the image, and
// upscales one of the four; the customer's power pays for both, and the app mails both to its recipients.

interface Figures {
  power: number;
}

test('an operator generates a prompt, draws it, watches its progress and upscales the image', async ({
  page,
  request,
}) => {
  // two drawings at the sandbox's pace (about 8 s each) and two axe checks
  test.slow();
  const tag = `${Date.now() % 100_000_000}`;
  const token = await tokenFor(request, 'admin', 'admin');
  const adminId = (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user_id: string }
  ).user_id;

  // the pool: a business dictionary whose leaf keys are the words
  const code = `mj_pool_${tag}`;
  await api(request, token, 'POST', 'smart-system/dict-biz/submit', {
    code,
    dictValue: `绘图词${tag}`,
    sort: 1,
    isSealed: 0,
  });
  const headers = await api<{ id: string; code: string }[]>(
    request,
    token,
    'GET',
    `smart-system/dict-biz/list?code=${code}`,
  );
  const header = headers.find((h) => h.code === code)!.id;
  for (const [i, word] of ['灯塔', '海浪', '黄昏'].entries())
    await api(request, token, 'POST', 'smart-system/dict-biz/submit', {
      parentId: header,
      code,
      dictKey: word,
      dictValue: word,
      sort: i + 1,
      isSealed: 0,
    });
  const appName = `E2E配图${tag}`;
  const app = await api<{ id: string }>(request, token, 'POST', 'smart-mj/mj_app/submit', {
    appName,
    appCode: `e2e_${tag}`,
  });
  const phrase = await api<{ id: string }>(request, token, 'POST', 'smart-mj/mj_phrase/submit', {
    appId: app.id,
    phraseName: `海边${tag}`,
    phraseSuffix: '--ar 3:4',
    isPicture: 1,
  });
  await api(request, token, 'POST', 'smart-mj/mj_phrase_expand/submit', {
    phraseId: phrase.id,
    dictbizId: header,
    minNum: 2,
    maxNum: 3,
  });
  // the app mails its drawings to the sandbox's mailbox (SANDBOX_SMTP_PORT, playwright.config.ts)
  const subject = `E2E 配图 ${tag}`;
  await api(request, token, 'POST', 'smart-mj/mjjAppConfig/submit', {
    appId: app.id,
    folder: 'D:\\mj',
    emailConfig: {
      mailSender: 'mj@example.com',
      mailSenderName: 'MJ 绘图',
      mailRecipient: 'ops@example.com',
      mailSubject: subject,
      mailBody: '<p>图片见附件</p>',
      smtpServer: `127.0.0.1:${Number(process.env['E2E_PORT'] ?? 18600) + 2}`,
      smtpUsername: 'mj@example.com',
      smtpPassword: 'sandbox',
    },
  });
  await api(request, token, 'POST', 'smart-grant/grantRecord/grant', {
    ydUserId: adminId,
    grantType: 1,
    amount: 10,
    reason: 'E2E 绘图',
  });
  const before = (await api<Figures>(request, token, 'GET', 'smart-auth/oauth/user-info')).power;

  await loginAsAdmin(page);
  await page.goto('/mj/mj_prompt');
  await page.getByRole('button', { name: '生成提示词', exact: true }).click();
  const generate = page.getByRole('dialog', { name: '生成提示词' });
  await choose(page, generate, '绘图应用', `${appName} (e2e_${tag})`);
  expect(await axeViolations(page)).toEqual([]);
  await generate.getByRole('button', { name: '生成', exact: true }).click();
  await expect(page.getByText('提示词已生成')).toBeVisible();

  // the new prompt's draw dialog opens next; the administrator pays for it
  const draw = page.getByRole('dialog', { name: '绘图' });
  await expect(draw).toContainText('--ar 3:4');
  await expect(draw).toContainText(/灯塔|海浪|黄昏/);
  await choose(page, draw, '付费客户', '管理员 (admin)');
  await draw.getByRole('button', { name: '绘图', exact: true }).click();

  // the progress as the proxy reports it, then the image
  const drawing = page.getByRole('dialog', { name: '绘图进度' });
  const bar = drawing.getByRole('progressbar', { name: '绘图进度' });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await expect(drawing.getByTestId('mj-drawing')).toHaveAttribute('data-status', 'SUCCESS', {
    timeout: 40_000,
  });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  const image = drawing.getByRole('img', { name: '绘图结果' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1024);
  expect(await axeViolations(page)).toEqual([]);

  // U2: a new drawing of one image, shown in the same dialog
  await drawing.getByRole('button', { name: 'U2', exact: true }).click();
  await expect(drawing).toContainText('放大 2');
  await expect(drawing.getByTestId('mj-drawing')).toHaveAttribute('data-status', 'SUCCESS', {
    timeout: 40_000,
  });
  await expect(drawing.getByRole('img', { name: '绘图结果' })).toBeVisible();
  expect(
    await drawing.getByRole('img', { name: '绘图结果' }).evaluate((i: HTMLImageElement) => i.naturalWidth),
  ).toBe(512);
  await expect(drawing.getByRole('button', { name: 'U1', exact: true })).toHaveCount(0);
  await drawing.getByRole('button', { name: '关闭', exact: true }).first().click();

  // the list: both drawings succeeded; the power paid for both (2 each)
  const rows = page.getByRole('row').filter({ hasText: '--ar 3:4' });
  await expect(rows.first()).toContainText('成功');
  const after = (await api<Figures>(request, token, 'GET', 'smart-auth/oauth/user-info')).power;
  expect(after).toBe(before - 4);

  // each finished drawing was mailed to the app's recipients: the e-mail log and the sandbox's mailbox show them
  await page.goto('/commerce/send_email_log');
  const sent = page.getByRole('row').filter({ hasText: subject });
  await expect(sent).toHaveCount(2);
  await expect(sent.first()).toContainText('已发送');
  await page.goto('/sandbox-mail/');
  await expect(page.getByText('邮件未真正发出')).toBeVisible();
  await expect(page.getByRole('link', { name: subject })).toHaveCount(2);
});
