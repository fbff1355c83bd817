export type ExportFormat = 'csv' | 'xlsx';

export type ExportValue = string | number | boolean | Date | null | undefined;

/** One exported column: its header text and how a row's cell reads (dictionary labels, not keys). */
export interface ExportColumn<Row> {
  id: string;
  label: string;
  value: (row: Row) => ExportValue;
  /** Column width in the sheet, in characters (Excel only). */
  width?: number;
}

const BOM = '\uFEFF';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function formatDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * One CSV field: quoted when it holds a comma, quote, line break or surrounding space (quotes doubled); text that a
 * spreadsheet would run as a formula (`=`, `+`, `@`, tab, or `-` not starting a number) is prefixed with `'`.
 */
export function csvField(value: ExportValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? formatDate(value) : String(value);
  if (typeof value === 'string' && /^(?:[=+@\t\r]|-(?![\d.]))/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text with a UTF-8 BOM (so Excel reads Chinese correctly) and CRLF line ends. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[]): string {
  const lines = [columns.map((c) => csvField(c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Excel (.xlsx) blob through write-excel-file, loaded on first use so it stays out of the page's chunk. */
export async function toXlsx<Row>(
  rows: readonly Row[],
  columns: readonly ExportColumn<Row>[],
  sheet = 'Sheet1',
): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = columns.map((c) => ({ value: c.label, fontWeight: 'bold' as const }));
  const body = rows.map((row) =>
    columns.map((c) => {
      const v = c.value(row);
      return v === null || v === undefined ? null : v;
    }),
  );
  return writeXlsxFile([header, ...body], {
    sheet: sheet.slice(0, 31),
    columns: columns.map((c) => ({ width: c.width ?? Math.min(60, Math.max(10, c.label.length * 2 + 4)) })),
    stickyRowsCount: 1,
  }).toBlob();
}

/** Saves a blob as a file through a temporary object URL and a clicked link. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `参数-20260102-030405.csv` */
export function exportFilename(base: string, format: ExportFormat, now = new Date()): string {
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  const safe = base.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'export';
  return `${safe}-${stamp}.${format}`;
}

/** Writes rows to a CSV or Excel file and downloads it. */
export async function exportRows<Row>({
  format,
  rows,
  columns,
  filename,
}: {
  format: ExportFormat;
  rows: readonly Row[];
  columns: readonly ExportColumn<Row>[];
  /** Base name without extension; a timestamp and the extension are added. */
  filename: string;
}): Promise<void> {
  const name = exportFilename(filename, format);
  const blob =
    format === 'csv'
      ? new Blob([toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' })
      : await toXlsx(rows, columns, filename);
  downloadBlob(blob, name);
}
