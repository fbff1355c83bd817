/**
 * Test helpers of the Excel operations (contract user.yaml and region.yaml `export-template`, `export-*`,
 * `import-*`): uploads as multipart bodies, downloads checked against what the contract declares of them, and a
 * workbook read back as an operator's program would.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { XLSX_TYPE } from '../excel/workbook';
import { pointerGet } from '../kernel/json-pointer';
import { loadSpec } from '../spec';

/** A multipart body (as resource.test.ts builds its uploads); a part with a filename is a file, an xlsx by default. */
export function multipart(
  parts: { name: string; filename?: string; type?: string; data: Buffer | string }[],
) {
  const boundary = `----smart${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file =
      p.filename !== undefined ? `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? XLSX_TYPE}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n\r\n`),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The data rows of a workbook's first sheet, by header, as exceljs reads them (an operator's program would). */
export async function sheetRows(data: Buffer): Promise<{ header: string[]; rows: Record<string, string>[] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, string>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(Object.fromEntries(header.map((h, i) => [h, String(row.getCell(i + 1).value ?? '')])));
  });
  return { header, rows };
}

/** A workbook of one sheet: `header`, then `rows`, as an operator's spreadsheet program writes it. */
export async function sheetOf(header: readonly string[], rows: readonly unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Download {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}

type DeclaredResponse = {
  $ref?: string;
  content?: Record<string, unknown>;
  headers?: Record<string, { schema?: { maxLength?: number } }>;
};

/**
 * A workbook download as the contract declares `operationId`'s 200: a media type of its content, the
 * `Content-Disposition` header within its length and naming `filename`. Returns the workbook.
 */
export function expectXlsx(res: Download, operationId: string, filename: string): Buffer {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const spec = loadSpec();
  const op = Object.values(spec.paths)
    .flatMap((item) => Object.values(item) as { operationId?: string; responses?: Record<string, unknown> }[])
    .find((o) => o?.operationId === operationId);
  let declared = op?.responses?.['200'] as DeclaredResponse | undefined;
  if (declared?.$ref) declared = pointerGet(spec, declared.$ref) as DeclaredResponse;
  const types = Object.keys(declared?.content ?? {});
  expect(types, `${operationId} declares its workbook`).toContain(XLSX_TYPE);
  expect(String(res.headers['content-type']).split(';')[0]).toBe(XLSX_TYPE);
  const disposition = String(res.headers['content-disposition']);
  expect(disposition).toBe(`attachment; filename="${filename}"`);
  const maxLength = declared?.headers?.['Content-Disposition']?.schema?.maxLength;
  expect(maxLength, `${operationId} declares Content-Disposition`).toBeTypeOf('number');
  expect(disposition.length).toBeLessThanOrEqual(maxLength!);
  // a zip archive (PK…), as an xlsx is
  expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  return res.rawPayload;
}
