import { expect, test } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { loginAsAdmin } from './login-helper';

/** A real PNG of w×h pixels (one colour), so the server's content check accepts it as an image. */
function png(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x3c)]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
