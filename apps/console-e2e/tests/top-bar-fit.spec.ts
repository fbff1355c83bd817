import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin } from './login-helper';

// The top bar at desktop widths, in both languages: every label shows whole (nothing cut off with an ellipsis or
// clipped, nothing wrapped onto a second line), measured in the page rather than judged from screenshots.

/** Labels of the top bar that do not fit: clipped or ellipsised text, or a control taller than one line. */
function misfits(page: Page): Promise<string[]> {
  return page
    .locator('header')
    .first()
    .evaluate((header) => {
      const out: string[] = [];
      for (const el of header.querySelectorAll<HTMLElement>('*')) {
        const ownText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim(),
        );
        // hidden, or visually hidden for screen readers only (sr-only: a 1 px clipped box)
        if (!ownText || el.offsetParent === null || el.clientWidth <= 1) continue;
        const style = getComputedStyle(el);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        const label = el.textContent!.trim();
        if (clips && el.scrollWidth > el.clientWidth + 1) out.push(`cut off: ${label}`);
        // one line of text: its height is about one line-height, and its text sits on one line even inside a
        // control of fixed height (a wrapped text node has a box per line)
        const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
        const lines = [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())
          .map((n) => {
            const range = document.createRange();
            range.selectNodeContents(n);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          });
        if (el.getBoundingClientRect().height > line * 1.6 || lines.some((n) => n > 1))
          out.push(`wrapped: ${label}`);
      }
      return out;
    });
}

for (const width of [1440, 1024]) {
  test(`the top bar shows every label whole at ${width} px, in Chinese and English`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAsAdmin(page);
    // a page taller than the window: its scrollbar takes width from the top bar
    await page.goto('/wel/dashboard');
    await expect(page.getByTestId('trends')).toBeVisible();
    await expect(page.locator('header').first()).toBeVisible();
    expect(await misfits(page)).toEqual([]);
    await page.locator('header').first().getByText('English', { exact: true }).click();
    await expect(page.locator('header').first().getByText('中文', { exact: true })).toBeVisible();
    expect(await misfits(page)).toEqual([]);
  });
}

test('the first Tab stop skips to the page', async ({ page }) => {
  await loginAsAdmin(page);
  // a fresh load: the keyboard starts at the top of the document
  await page.reload();
  await expect(page.getByTestId('page')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到页面内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('page')).toBeFocused();
});
