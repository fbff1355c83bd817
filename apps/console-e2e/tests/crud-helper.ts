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

/**
 * Picks a day of the current month (the month the kit's calendar opens on) and an hour in the date-time picker
 * labelled `label`, then confirms. Answers the value the picker gives (`yyyy-MM-dd HH:00:00`).
 */
export async function pickDateTime(page: Page, label: string, day: number, hour: number): Promise<string> {
  const now = new Date();
  const date = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  await page.getByRole('combobox', { name: label }).click();
  const picker = page
    .getByRole('dialog')
    .filter({ has: page.locator('[data-slot="date-time-picker-time"]') });
  await picker.locator(`button[data-day="${date}"]`).click();
  await picker.getByRole('combobox', { name: '时' }).selectOption(String(hour));
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker).toBeHidden();
  return `${date} ${String(hour).padStart(2, '0')}:00:00`;
}

/**
 * Presses 立即执行 on the row named `name` of the task list at `path`, confirms, waits for the run to be started and
 * opens its run records (the page the result dialog links to).
 */
export async function runNow(page: Page, path: string, name: string) {
  await page.goto(path);
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: '立即执行' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  const result = page.getByRole('dialog', { name: new RegExp(name) });
  await expect(result).toContainText('已启动');
  await result.getByRole('button', { name: '查看运行记录' }).click();
}
