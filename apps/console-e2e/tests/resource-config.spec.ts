import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-helper';
import { addRow, choose } from './crud-helper';
import { png } from './image-helper';
import { loginAsAdmin } from './login-helper';

// The resource pages' own actions against the reference server: an SMS config made the active one and a test
// message sent through it (the built-in log provider records it), and an attachment uploaded to the active
// storage (the seeded local one) and previewed.

test('an SMS config is enabled and sends a test message; the seeded one is enabled again', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const code = `e2e-${Date.now()}`;
  await addRow(page, '/resource/sms', async (dialog) => {
    await choose(page, dialog, '分类', '阿里云');
    await dialog.getByLabel('资源编号').fill(code);
    await dialog.getByLabel('模版ID').fill('SMS_E2E');
    await dialog.getByLabel('accessKey').fill('ak-e2e');
    await dialog.getByLabel('secretKey').fill('sk-e2e');
    await dialog.getByLabel('短信签名').fill('Smart');
  });
  const table = page.getByRole('table');
  const mine = table.getByRole('row', { name: new RegExp(code) });
  const seeded = table.getByRole('row', { name: /\blog\b/ });

  await mine.getByRole('button', { name: '启用' }).click();
  await expect(page.getByText('已启用,此后的短信都用这一配置')).toBeVisible();
  await expect(mine.getByRole('button', { name: '启用' })).toBeHidden();
  await expect(seeded.getByRole('button', { name: '启用' })).toBeVisible();

  await mine.getByRole('button', { name: '测试发送' }).click();
  const dialog = page.getByRole('dialog', { name: '测试发送短信' });
  await expect(dialog.getByText(code)).toBeVisible();
  await dialog.getByLabel('手机号').fill('1380000');
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog.getByText('手机号须为 11 位数字,多个用逗号分隔')).toBeVisible();
  await dialog.getByLabel('手机号').fill('13800000000，13800000001');
  await dialog.getByLabel('模板参数').fill('{"code":"1234"}');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(page.getByText('已发送')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The seeded config serves the sign-in codes of the other flows: it is the active one again, and ours goes.
  await seeded.getByRole('button', { name: '启用' }).click();
  await expect(seeded.getByRole('button', { name: '启用' })).toBeHidden();
  await mine.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(mine).toBeHidden();
});

test('an attachment is uploaded to the active storage and its picture previewed', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/resource/attach');
  const name = `e2e-${Date.now()}.png`;
  await page.getByTestId('attach-file').setInputFiles({ name, mimeType: 'image/png', buffer: png(40, 30) });
  await expect(page.getByText(`已上传 ${name}`)).toBeVisible();
  const row = page.getByRole('table').getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
  await expect(row).toContainText('png');

  await row.getByRole('button', { name: '预览' }).click();
  const dialog = page.getByRole('dialog', { name: '图片预览' });
  const image = dialog.getByRole('img', { name });
  await expect(image).toBeVisible();
  // the stored file is served back and is the picture sent
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
});

test('a storage config is tried with 调试 before it is enabled, and the file it stored is shown', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const code = `e2e-oss-${Date.now()}`;
  await addRow(page, '/resource/oss', async (dialog) => {
    await choose(page, dialog, '分类', 'minio');
    await dialog.getByLabel('资源编号').fill(code);
    // the server's own disk, so the test needs no object store
    await dialog.getByLabel('资源地址').fill('local');
    await dialog.getByLabel('accessKey').fill('ak-e2e');
    await dialog.getByLabel('secretKey').fill('sk-e2e');
    await dialog.getByLabel('空间名').fill('trial');
  });
  const row = page.getByRole('table').getByRole('row', { name: new RegExp(code) });
  await row.getByRole('button', { name: '调试' }).click();
  const dialog = page.getByRole('dialog', { name: '对象存储上传调试' });
  await expect(dialog).toContainText(code);
  expect(await axeViolations(page)).toEqual([]);
  await page
    .getByTestId('oss-debug-file')
    .setInputFiles({ name: 'probe.png', mimeType: 'image/png', buffer: png(24, 16) });
  await expect(page.getByText('上传成功')).toBeVisible();
  const image = dialog.getByRole('img', { name: 'probe.png' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(dialog).toBeHidden();
  // still not the active one
  await expect(row.getByRole('button', { name: '启用' })).toBeVisible();

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
});
