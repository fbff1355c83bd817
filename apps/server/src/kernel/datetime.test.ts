import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime } from '../util';
import { readDateTime } from './datetime';

describe('the one date reader', () => {
  it.each(['2026-11-22 10:30:00', '2024-02-29 23:59:59', '1900-01-01 00:00:00', '9999-12-31 23:59:59'])(
    'reads %s and writes it back unchanged',
    (v) => {
      const d = readDateTime(v);
      expect(d).toBeInstanceOf(Date);
      expect(formatDateTime(d)).toBe(v);
    },
  );

  it.each([
    '0999-01-01 00:00:00', // before 1900: stored, then unanswerable
    '1899-12-31 23:59:59',
    '0050-01-01 00:00:00', // Date maps two-digit years to 19xx
    '2026-13-45 10:00:00', // rolled over into 2027 by Date
    '2026-00-10 10:00:00',
    '2026-02-29 10:00:00', // not a leap year
    '2026-04-31 10:00:00',
    '2026-01-00 10:00:00',
    '2026-01-01 24:00:00',
    '2026-01-01 10:60:00',
    '2026-01-01 10:00:60',
    '2026-01-01',
    '2026-1-01 10:00:00',
    ' 2026-01-01 10:00:00',
    '2026-01-01T10:00:00',
    '',
  ])('refuses %j', (v) => {
    expect(readDateTime(v)).toBeUndefined();
    expect(() => parseDateTime(v)).toThrow(`日期格式错误: ${v}`);
  });

  it('takes a date alone only when told (filters, birthdays)', () => {
    expect(formatDateTime(readDateTime('2026-03-01', { dateOnly: true }))).toBe('2026-03-01 00:00:00');
    expect(readDateTime('2026-02-30', { dateOnly: true })).toBeUndefined();
    expect(formatDateTime(readDateTime('2026-03-01 08:00:00', { dateOnly: true }))).toBe(
      '2026-03-01 08:00:00',
    );
  });
});
