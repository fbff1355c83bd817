import { expect, test } from '@playwright/test';
import { png } from './image-helper';
import { loginAsAdmin } from './login-helper';

test.describe('personal info', () => {
  test('uploads an avatar to the server, checks the phone and saves; the values survive a reload', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/info/index');
    const form = page.getByTestId('profile-form');
    await expect(form.getByTestId('info-power')).toBeVisible();

    // the kit refuses a GIF before anything is sent
    const input = form.locator('input[type=file]');
    await input.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('只能上传 jpg/png 文件', { exact: true })).toBeVisible();

    // a real PNG goes to oss/endpoint/put-file?kind=avatar and comes back as a link the browser can show
    const uploaded = page.waitForResponse(
      (r) => r.url().includes('/api/smart-resource/oss/endpoint/put-file') && r.request().method() === 'POST',
    );
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(32, 32) });
    const res = await uploaded;
    expect(new URL(res.url()).searchParams.get('kind')).toBe('avatar');
    expect(res.status()).toBe(200);
    const link = ((await res.json()) as { data: { link: string } }).data.link;
    const img = form.locator('img').first();
    await expect(img).toHaveAttribute('src', link);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(32);

    // the phone check helper, then a valid number saved with update-info
    const phone = form.getByLabel('手机号码');
    await phone.fill('1390000');
    await phone.blur();
    await expect(form.getByText('手机号码长度不为11位')).toBeVisible();
    await phone.fill('13900001111');
    await phone.blur();
    await expect(form.getByText('手机号码长度不为11位')).toBeHidden();
    await form.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('更新成功')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('profile-form').getByLabel('手机号码')).toHaveValue('13900001111');
    await expect(page.getByTestId('profile-form').locator('img').first()).toHaveAttribute('src', link);
  });
});
