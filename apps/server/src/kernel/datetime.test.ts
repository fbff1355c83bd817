import { describe, expect, it } from 'vitest';
import { loadSpec } from '../spec';
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

/**
 * The contract's patterns say what this reader says (openapi/schemas/common.yaml `DateTime`, `Date`): a client
 * generated from the contract refuses the same dates the server refuses, before sending them.
 */
describe('the contract’s date patterns', () => {
  const doc = loadSpec();
  const pattern = (name: string) =>
    new RegExp((doc.components.schemas[name] as { pattern: string }).pattern, 'u');
  const dateTime = pattern('DateTime');
  const day = pattern('Date');
  const optional = pattern('OptionalDateTime');
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');

  it('admit exactly the days the reader reads, 1899 to 2401 and around 9999', () => {
    const years = [...Array.from({ length: 503 }, (_, i) => 1899 + i), 9998, 9999, 10000];
    let checked = 0;
    for (const y of years)
      for (let m = 0; m <= 13; m++)
        for (let d = 0; d <= 32; d++) {
          const text = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
          // noon: never a time a daylight-saving change skips
          const real = readDateTime(`${text} 12:00:00`) !== undefined;
          expect(day.test(text), text).toBe(real);
          expect(dateTime.test(`${text} 12:00:00`), text).toBe(real);
          checked++;
        }
    expect(checked).toBe(years.length * 14 * 33);
  });

  it.each(['00:00:00', '23:59:59', '24:00:00', '10:60:00', '10:00:60', '9:00:00'])('the time %s', (t) => {
    expect(dateTime.test(`2026-11-27 ${t}`)).toBe(readDateTime(`2026-11-27 ${t}`) !== undefined);
    expect(optional.test(`2026-11-27 ${t}`)).toBe(readDateTime(`2026-11-27 ${t}`) !== undefined);
  });

  it('an optional date is empty or a real moment', () => {
    expect(optional.test('')).toBe(true);
    expect(optional.test('2024-02-29 08:00:00')).toBe(true);
    expect(optional.test('2026-02-29 08:00:00')).toBe(false);
  });
});
