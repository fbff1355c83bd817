import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

// Reading the workbooks the console downloads (an import template, an export), shared by the Excel flows.

/** The first sheet of a downloaded workbook: its header row and its data rows, each cell as text. */
export async function readSheet(download: Download): Promise<{ header: string[]; rows: string[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const width = ws.getRow(1).cellCount;
  const cells = (n: number) =>
    Array.from({ length: width }, (_, i) => String(ws.getRow(n).getCell(i + 1).value ?? ''));
  const rows: string[][] = [];
  for (let n = 2; n <= ws.rowCount; n++) rows.push(cells(n));
  return { header: cells(1), rows };
}

/** The data rows of a sheet as records by header. */
export const byHeader = ({ header, rows }: { header: string[]; rows: string[][] }) =>
  rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));

/** Presses `button` and waits for the download it starts, checking the file's name. */
export async function downloadOf(page: Page, button: Locator, filename: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(filename);
  return download;
}

/** The template of an import dialog, opened as a workbook to fill in. */
export async function templateWorkbook(template: Download): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await template.path())!)) as unknown as ArrayBuffer);
  return wb;
}
