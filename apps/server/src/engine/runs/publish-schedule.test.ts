import { describe, expect, it } from 'vitest';
import { dailyMinutes, nextSlot } from './publish-schedule';

// China time, as the slots are: `+08:00` instants
const at = (s: string) => new Date(`${s}+08:00`);
const plan = (p: Partial<{ videosPerDay: number; dailyTimes: string; startDays: number }> = {}) => ({
  videosPerDay: 2,
  dailyTimes: '11:00,20:00',
  startDays: 0,
  ...p,
});

describe('dailyMinutes', () => {
  it('reads HH:mm lists sorted without repeats, and the default times when empty', () => {
    expect(dailyMinutes('20:00, 11:30,20:00')).toEqual([690, 1200]);
    expect(dailyMinutes('')).toEqual([360, 660, 840, 960, 1320]);
  });
});

describe('nextSlot', () => {
  it('takes the first time of today at least 2 hours ahead', () => {
    expect(nextSlot(plan(), [], at('2026-11-28T08:00:00'))).toEqual(at('2026-11-28T11:00:00'));
    // 11:00 is less than 2 h after 09:30: the evening slot
    expect(nextSlot(plan(), [], at('2026-11-28T09:30:00'))).toEqual(at('2026-11-28T20:00:00'));
    // past the last slot of the day: tomorrow's first
    expect(nextSlot(plan(), [], at('2026-11-28T19:00:00'))).toEqual(at('2026-11-29T11:00:00'));
  });

  it('skips held slots and full days, and uses only the first videosPerDay times', () => {
    const now = at('2026-11-28T08:00:00');
    expect(nextSlot(plan(), [at('2026-11-28T11:00:00')], now)).toEqual(at('2026-11-28T20:00:00'));
    expect(nextSlot(plan(), [at('2026-11-28T11:00:00'), at('2026-11-28T20:00:00')], now)).toEqual(
      at('2026-11-29T11:00:00'),
    );
    // one a day: only 11:00, and a day with an item set by hand at another time is full
    expect(nextSlot(plan({ videosPerDay: 1 }), [at('2026-11-28T15:17:00')], now)).toEqual(
      at('2026-11-29T11:00:00'),
    );
  });

  it('starts startDays days after today, across the China-time date line', () => {
    // 23:30 UTC on the 27th is 07:30 on the 28th in China
    const now = new Date('2026-11-27T23:30:00Z');
    expect(nextSlot(plan({ startDays: 0 }), [], now)).toEqual(at('2026-11-28T11:00:00'));
    expect(nextSlot(plan({ startDays: 3 }), [], now)).toEqual(at('2026-12-01T11:00:00'));
  });

  it('spreads a backlog: ten items at two a day fill five days in order', () => {
    const now = at('2026-11-28T08:00:00');
    const taken: Date[] = [];
    for (let i = 0; i < 10; i++) taken.push(nextSlot(plan(), taken, now)!);
    expect(taken.map((d) => d.toISOString())).toEqual(
      ['28', '29', '30']
        .flatMap((d) => [
          at(`2026-11-${d}T11:00:00`).toISOString(),
          at(`2026-11-${d}T20:00:00`).toISOString(),
        ])
        .concat([
          at('2026-12-01T11:00:00').toISOString(),
          at('2026-12-01T20:00:00').toISOString(),
          at('2026-12-02T11:00:00').toISOString(),
          at('2026-12-02T20:00:00').toISOString(),
        ]),
    );
  });
});
