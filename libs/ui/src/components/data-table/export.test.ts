import { describe, expect, it } from 'vitest';

import { csvField, type ExportColumn, exportFilename, toCsv } from './export';

type Row = { name: string; value: string | number | null; sealed: number };
const columns: ExportColumn<Row>[] = [
  { id: 'name', label: '参数名称', value: (r) => r.name },
  { id: 'value', label: 'Value, raw', value: (r) => r.value },
  { id: 'sealed', label: '封存', value: (r) => (r.sealed ? '是' : '否') },
];

describe('CSV', () => {
  it('starts with a UTF-8 BOM, uses CRLF and writes the header labels', () => {
    const csv = toCsv([{ name: '中文', value: 1, sealed: 1 }], columns);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('参数名称,"Value, raw",封存\r\n中文,1,是\r\n');
  });

  it('quotes commas, quotes, line breaks and edge spaces; empty for null', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(0)).toBe('0');
    expect(csvField(false)).toBe('false');
    expect(csvField(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });

  it('defuses text a spreadsheet would run as a formula, but keeps negative numbers', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField(-3)).toBe('-3');
  });

  it('names files with a timestamp and strips path characters', () => {
    expect(exportFilename('参数/列表', 'xlsx', new Date(2026, 0, 2, 3, 4, 5))).toBe(
      '参数_列表-20260102-030405.xlsx',
    );
  });
});
