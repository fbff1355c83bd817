// Quartz cron on croner (./cron.ts): fire times in Asia/Shanghai whatever the process's zone, the Quartz dialect
// (1 = Sunday, ?, L, W, LW, #, a/b steps, names, the optional year), refusals of bad expressions, and the interval
// status of contract cron.yaml.
import { describe, expect, it } from 'vitest';
import {
  CRON_INVALID_MSG,
  CronError,
  cronAt,
  cronProblem,
  defaultThreshold,
  formatSchedulerTime,
  intervalStatus,
  nextFire,
  nextTimes,
} from './cron';

/** 2026-11-26 09:00:00 in Shanghai (a Thursday). */
const FROM = new Date('2026-11-26T01:00:00Z');

describe('nextTimes', () => {
  it.each<[string, number, string[]]>([
    ['0 */30 9-22 * * ?', 3, ['2026-11-26 09:30:00', '2026-11-26 10:00:00', '2026-11-26 10:30:00']],
    ['0/15 * * * * ?', 2, ['2026-11-26 09:00:15', '2026-11-26 09:00:30']],
    ['0 3/20 * * * ?', 3, ['2026-11-26 09:03:00', '2026-11-26 09:23:00', '2026-11-26 09:43:00']],
    // Quartz weekdays: 1 = Sunday, 2 = Monday
    ['0 0 0 ? * 1', 2, ['2026-11-29 00:00:00', '2026-12-06 00:00:00']],
    ['0 0 12 ? * 2', 1, ['2026-11-30 12:00:00']],
    ['0 0 12 ? * MON-FRI', 3, ['2026-11-26 12:00:00', '2026-11-27 12:00:00', '2026-11-30 12:00:00']],
    ['0 0 12 ? * 1-7/2', 2, ['2026-11-26 12:00:00', '2026-11-28 12:00:00']],
    // nth and last weekday of the month (6 = Friday)
    ['0 0 12 ? * 6#3', 2, ['2026-12-18 12:00:00', '2027-01-15 12:00:00']],
    ['0 0 12 ? * 6L', 2, ['2026-11-27 12:00:00', '2026-12-25 12:00:00']],
    // a lone L in day-of-week is Saturday
    ['0 0 8 ? * L', 1, ['2026-11-28 08:00:00']],
    ['0 0 12 L * ?', 2, ['2026-11-30 12:00:00', '2026-12-31 12:00:00']],
    ['0 0 12 LW * ?', 3, ['2026-11-30 12:00:00', '2026-12-31 12:00:00', '2027-01-29 12:00:00']],
    // 15 Nov 2026 is a Sunday: the 16th; 15 Dec a Tuesday
    ['0 0 12 15W * ?', 1, ['2026-12-15 12:00:00']],
    ['0 0 12 1,15 JAN,FEB ?', 3, ['2027-01-01 12:00:00', '2027-01-15 12:00:00', '2027-02-01 12:00:00']],
    ['0 0 12 * * *', 1, ['2026-11-26 12:00:00']],
    // the year field
    ['0 0 0 1 1 ? 2027-2031/2', 5, ['2027-01-01 00:00:00', '2029-01-01 00:00:00', '2031-01-01 00:00:00']],
    ['0 0 0 29 2 ? 2027-2029', 3, ['2028-02-29 00:00:00']],
    ['0 0 10 26 11 ? 2026', 3, ['2026-11-26 10:00:00']],
    // never again: a past year, a day that does not exist
    ['0 0 0 1 1 ? 2020', 3, []],
    ['0 0 0 30 2 ?', 3, []],
  ])('%s', (expr, count, expected) => {
    expect(nextTimes(expr, count, FROM)).toEqual(expected);
  });

  it('is strictly after the start and in Asia/Shanghai', () => {
    expect(nextTimes('0 0 9 * * ?', 1, FROM)).toEqual(['2026-11-27 09:00:00']);
    expect(nextFire('0 0 9 * * ?', new Date('2026-11-26T00:59:59.500Z'))).toEqual(FROM);
    expect(formatSchedulerTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
  });

  it('fires once at a moment given (a live task’s start time), with its year', () => {
    const at = new Date('2026-12-31T16:30:05Z');
    expect(cronAt(at)).toBe('5 30 0 1 1 ? 2027');
    expect(nextTimes(cronAt(at), 3, FROM)).toEqual(['2027-01-01 00:30:05']);
    expect(nextFire(cronAt(at), new Date(at.getTime() + 1000))).toBeNull();
  });
});

describe('bad expressions', () => {
  it.each<[string, string]>([
    ['', '需要 6 或 7 个字段'],
    ['abc', '需要 6 或 7 个字段'],
    ['* * * * *', '需要 6 或 7 个字段'],
    ['0 0 0 * * ? 2027 1', '需要 6 或 7 个字段'],
    ['0 0 12 ? * MON+', '非法字符'],
    ['0 0 12 * * ?;', '非法字符'],
    ['? 0 12 * * ?', '只能用于日或周'],
    ['0 0 12 ?? * MON', '单独使用'],
    ['0 0 12 ? * ?', '不能同时为 ?'],
    ['0 0 12 1 * MON', '不能同时指定'],
    ['0 0 12 L-3 * ?', 'L-n'],
    ['0 0 12 ? * 0', '1-7'],
    ['0 0 12 ? * 8', '1-7'],
    ['60 * * * * ?', ''],
    ['0 60 * * * ?', ''],
    ['0 0 24 * * ?', ''],
    ['0 0 0 32 * ?', ''],
    ['0 0 0 0 * ?', ''],
    ['0 0 0 * 13 ?', ''],
    ['0 0 0 * 0 ?', ''],
    ['*/0 * * * * ?', ''],
    ['5-1 * * * * ?', ''],
    ['0 0 12 W * ?', ''],
    ['0 0 0 ? * FOO', ''],
    ['0 0 0 1 1 ? 10000', ''],
    ['abc * * * * ?', ''],
  ])('%j is refused', (expr, reason) => {
    const problem = cronProblem(expr);
    expect(problem).toBeDefined();
    expect(problem!.startsWith(CRON_INVALID_MSG)).toBe(true);
    expect(problem).toContain(reason);
    expect(() => nextTimes(expr, 1, FROM)).toThrow(CronError);
  });

  it('accepts the contract examples', () => {
    for (const e of ['0 */30 9-22 * * ?', '0 0 10 * * ?', '0 0/5 * * * ? *'])
      expect(cronProblem(e)).toBeUndefined();
  });
});

describe('intervalStatus', () => {
  it.each<[string, number, string, number, number]>([
    // expression, threshold, status, smallest gap, fire times
    ['0 */30 9-22 * * ?', 1800, 'OK', 1800, 20],
    ['0 */30 9-22 * * ?', 1801, 'TOO_FREQUENT', 1800, 20],
    ['0 */10 * * * ?', 600, 'OK', 600, 20],
    ['0 */5 * * * ?', 600, 'TOO_FREQUENT', 300, 20],
    ['*/20 * * * * ?', 60, 'TOO_FREQUENT', 20, 20],
    ['0 0 10 26 11 ? 2026', 60, 'OK', -1, 1],
    ['0 0 0 1 1 ? 2020', 60, 'NEVER_FIRES', -1, 0],
    ['0 0 0 30 2 ?', 60, 'NEVER_FIRES', -1, 0],
    ['not a cron', 60, 'INVALID', -1, 0],
    ['0 0 12 1 * MON', 1800, 'INVALID', -1, 0],
  ])('%s against %d s', (expr, threshold, status, gap, count) => {
    const s = intervalStatus(expr, threshold, FROM);
    expect(s).toMatchObject({
      status,
      cronExpression: expr,
      minIntervalSeconds: gap,
      thresholdSeconds: threshold,
    });
    expect(s.nextTimes).toHaveLength(count);
  });

  it('takes the smallest gap of an irregular schedule', () => {
    // 09:00, 09:10, 10:00, 10:10 …: the 10-minute gaps decide
    const s = intervalStatus('0 0,10 * * * ?', 1800, FROM);
    expect(s).toMatchObject({ status: 'TOO_FREQUENT', minIntervalSeconds: 600 });
    expect(s.nextTimes.slice(0, 3)).toEqual([
      '2026-11-26 09:10:00',
      '2026-11-26 10:00:00',
      '2026-11-26 10:10:00',
    ]);
  });

  it.each([
    ['DY_COMM', 1800],
    ['XSH_COMM', 1800],
    ['DY_BROWSE', 600],
    ['XSH_BROWSE', 600],
    ['SPH_BROWSE', 600],
    ['DY_PUBLISH', 60],
    ['XHS_PUBLISH', 60],
    ['SYSTEM', 60],
    [undefined, 60],
  ])('the default threshold of %s is %d s', (group, seconds) => {
    expect(defaultThreshold(group)).toBe(seconds);
  });
});
