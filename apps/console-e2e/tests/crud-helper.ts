import { expect, type Page } from '@playwright/test';

// Filling an entity page's add dialog as an operator does, shared by the flows that set up their rows in the console.

export type Dialog = ReturnType<Page['getByRole']>;

/** Opens `path`, presses 新增, lets `fill` fill the dialog, saves, and waits for 新增成功 and the dialog to close. */
export async function addRow(page: Page, path: string, fill: (dialog: Dialog) => Promise<void>) {
  await page.goto(path);
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await fill(dialog);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Picks `option` in the select labelled `label` of `dialog`. */
export async function choose(page: Page, dialog: Dialog, label: string, option: string) {
  await dialog.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
