import { expect, test, type Page } from '@playwright/test';

/**
 * The API references the server hosts for backend teams (apps/server/src/http/api-reference.ts): they run under
 * their own strict CSP with no violation, and load nothing from another site.
 */
async function watch(page: Page, baseURL: string | undefined) {
  const origin = new URL(baseURL ?? '').origin;
  const foreign: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) foreign.push(r.url());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  return { foreign, violations };
}

test.describe('API reference', () => {
  test('Redoc: the whole contract, offline, under its CSP', async ({ page, baseURL }) => {
    const { foreign, violations } = await watch(page, baseURL);
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Smart Console API/ }).first()).toBeVisible();
    expect(await violations()).toEqual([]);
    expect(foreign).toEqual([]);
  });

  test('Scalar: "try it" calls this server from the page', async ({ page, baseURL }) => {
    const { foreign, violations } = await watch(page, baseURL);
    await page.goto('/api/docs/try/#tag/auth/GET/api/smart-auth/oauth/captcha');
    const operation = page.locator('section', {
      has: page.getByRole('heading', { name: 'A captcha picture (tokenless)' }),
    });
    await operation
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click();
    const answer = page.waitForResponse((r) => r.url().includes('/api/smart-auth/oauth/captcha'));
    await page.getByRole('button', { name: /^Send/ }).first().click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      key: expect.any(String),
      image: expect.stringMatching(/^data:image/),
    });
    // the answer is shown in the page's client
    await expect(page.getByText('200', { exact: false }).first()).toBeVisible();
    // the one refusal is zod's probe of whether it may compile validators (`Function('')` in a try); refused, it
    // validates without compiling: the page's CSP keeps eval off
    expect((await violations()).filter((v) => v !== 'script-src eval')).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
