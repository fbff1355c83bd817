// The tick's plan of a job (./claim.ts planFirings): the firings up to the horizon, the next unclaimed one, and the
// misfire policies (skip, or one firing now; never a burst); the stable ids of queued firings.
import { describe, expect, it } from 'vitest';
import { firingUuid, planFirings, type TickOptions } from './claim';

const OPTS: TickOptions = { lookaheadMs: 120_000, misfireMs: 60_000, maxPerJob: 200, expireInSeconds: 600 };
/** 2026-11-26 09:00:05 in Shanghai. */
const NOW = new Date('2026-11-26T01:00:05Z');
const HORIZON = new Date(NOW.getTime() + OPTS.lookaheadMs);
const at = (hhmmss: string) => new Date(`2026-11-26T${hhmmss}Z`);

const job = (cronExpression: string, nextFireTime: Date | null, misfirePolicy = 3) => ({
  id: 42n,
  tenantId: '000000',
  cronExpression,
  nextFireTime,
  revision: 3,
  misfirePolicy,
});

const times = (p: ReturnType<typeof planFirings>) =>
  p.firings.map((f) => `${f.fireTime.toISOString().slice(11, 19)}${f.catchUp ? '*' : ''}`);

describe('planFirings', () => {
  it('plans the firings up to the horizon and returns the next one', () => {
    const p = planFirings(job('0 * * * * ?', at('01:01:00')), NOW, HORIZON, OPTS);
    expect(times(p)).toEqual(['01:01:00', '01:02:00']);
    expect(p.next).toEqual(at('01:03:00'));
  });

  it('fires a firing a little late (within the misfire threshold)', () => {
    const p = planFirings(job('*/20 * * * * ?', at('00:59:20')), NOW, HORIZON, OPTS);
    expect(times(p)[0]).toBe('00:59:20');
    expect(p.firings).toHaveLength(9);
  });

  it.each([
    [0, ['01:01:00', '01:02:00']],
    [3, ['01:01:00', '01:02:00']],
    [1, ['01:00:05*', '01:01:00', '01:02:00']],
    [2, ['01:00:05*', '01:01:00', '01:02:00']],
  ])('misfire policy %d after an outage of an hour', (policy, expected) => {
    const p = planFirings(job('0 * * * * ?', at('00:00:00'), policy), NOW, HORIZON, OPTS);
    expect(times(p)).toEqual(expected);
    expect(p.next).toEqual(at('01:03:00'));
  });

  it('caps the firings of one tick, leaving the rest to the next', () => {
    const p = planFirings(job('* * * * * ?', at('01:00:06')), NOW, HORIZON, { ...OPTS, maxPerJob: 5 });
    expect(p.firings).toHaveLength(5);
    expect(p.next).toEqual(at('01:00:11'));
  });

  it('stops a job that never fires again, or whose stored cron no longer parses', () => {
    const last = planFirings(job('0 1 9 26 11 ? 2026', at('01:01:00')), NOW, HORIZON, OPTS);
    expect(times(last)).toEqual(['01:01:00']);
    expect(last.next).toBeNull();
    const broken = planFirings(job('nope', at('01:01:00')), NOW, HORIZON, OPTS);
    expect(broken).toMatchObject({ firings: [], next: null });
  });
});

describe('firingUuid', () => {
  it('is a stable RFC 4122 name-based id per firing', () => {
    const a = firingUuid('42@2026-11-26T01:01:00.000Z@3');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(firingUuid('42@2026-11-26T01:01:00.000Z@3')).toBe(a);
    expect(firingUuid('42@2026-11-26T01:01:00.000Z@4')).not.toBe(a);
  });
});
