// Exactly once across instances (./claim.ts, ./fire.ts): two schedulers, each with its own connection pool and pg-boss
// workers, on one PostgreSQL database, tick the same minutes concurrently (several ticks each) on a driven clock;
// every firing of many jobs runs exactly once: no double, no miss, one job log each. Runs when TEST_DATABASE_URL is
// set.
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../db/index';
import { schedulerFiring, schedulerJobLog } from '../../db/schema';
import { FIRE_QUEUE } from './claim';
import { nextDates } from './cron';
import { createScheduler, type Scheduler } from './scheduler';

const baseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const LOOKAHEAD = 120_000;
const MINUTES = 6;
/** Cron, number of jobs: every minute, every 20 s, every other minute at :30. */
const MIX: [string, number][] = [
  ['0 * * * * ?', 40],
  ['*/20 * * * * ?', 10],
  ['30 */2 * * * ?', 10],
];

describe.skipIf(!baseUrl)('exactly-once firing with two instances on one PostgreSQL', () => {
  const name = `smart_sched_${process.pid}_${randomBytes(4).toString('hex')}`;
  let h1: DbHandle;
  let h2: DbHandle;
  let s1: Scheduler;
  let s2: Scheduler;
  // a clock two hours back, on a minute boundary plus 5 s: queued firings are due at once for pg-boss
  let clock = new Date(Math.floor((Date.now() - 2 * 3600_000) / 60_000) * 60_000 + 5000);
  const t0 = clock;
  const fired: { key: string; instance: number }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(baseUrl as string);
    url.pathname = `/${name}`;
    h1 = await openDb({ databaseUrl: url.toString(), dataDir: '' });
    h2 = await openDb({ databaseUrl: url.toString(), dataDir: '' });
    await h1.migrate();
    const make = (h: DbHandle, instance: number) => {
      const s = createScheduler({
        db: h.db,
        now: () => clock,
        cronTick: false,
        pollingIntervalSeconds: 0.5,
        batchSize: 25,
        lookaheadMs: LOOKAHEAD,
      });
      s.registerFirer('DY_BROWSE', async (ctx) => {
        fired.push({ key: `${ctx.jobId}@${ctx.fireTime.toISOString()}`, instance });
        return { groupIds: [ctx.jobId], message: 'ok' };
      });
      return s;
    };
    s1 = make(h1, 1);
    s2 = make(h2, 2);
    // both create pg-boss's schema and queues at once
    await Promise.all([s1.start(), s2.start()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([s1?.stop(), s2?.stop()]);
    await Promise.all([h1?.close(), h2?.close()]);
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });

  /** Waits until pg-boss holds no firing that is still to run. */
  const drained = async () => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await h1.executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
        [FIRE_QUEUE],
      );
      if (rows[0]!.n === 0) return;
      await sleep(100);
    }
    throw new Error('the firings did not drain');
  };

  it('fires every firing of every job exactly once', async () => {
    const jobs: { id: bigint; cron: string }[] = [];
    let n = 0;
    for (const [cron, howMany] of MIX) {
      for (let i = 0; i < howMany; i++, n++) {
        // half of the jobs are declared through each instance (which claims their first firings at once)
        const row = await (n % 2 ? s2 : s1).upsertTaskJob({
          tenantId: '000000',
          jobGroup: 'DY_BROWSE',
          bizType: 'dy_browse',
          bizId: BigInt(1000 + n),
          jobName: `dy_browse#${1000 + n}`,
          invokeTarget: `rpaTaskRunner.run('dy_browse',${1000 + n})`,
          cron,
          enabled: true,
          misfirePolicy: 3,
          concurrent: 0,
        });
        jobs.push({ id: row.id, cron });
      }
    }
    await drained();
    for (let m = 1; m <= MINUTES; m++) {
      clock = new Date(t0.getTime() + m * 60_000 + (m % 3) * 7000);
      // two ticks on each instance at once, as pg-boss's tick and a reschedule could overlap
      const queued = await Promise.all([s1.tick(clock), s2.tick(clock), s1.tick(clock), s2.tick(clock)]);
      expect(queued.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      await drained();
    }

    const horizon = clock.getTime() + LOOKAHEAD;
    const times = new Map(
      MIX.map(([cron]) => [cron, nextDates(cron, 60, t0).filter((d) => d.getTime() <= horizon)]),
    );
    const expected = new Set(
      jobs.flatMap((j) => times.get(j.cron)!.map((d) => `${j.id}@${d.toISOString()}`)),
    );

    const keys = fired.map((f) => f.key);
    const doubles = keys.length - new Set(keys).size;
    const seen = new Set(keys);
    const missed = [...expected].filter((k) => !seen.has(k));
    const extra = keys.filter((k) => !expected.has(k));
    expect({ doubles, missed: missed.length, extra: extra.length }).toEqual({
      doubles: 0,
      missed: 0,
      extra: 0,
    });
    expect(keys.length).toBe(expected.size);
    expect(expected.size).toBeGreaterThan(60 * MINUTES);
    // both instances ran firings
    expect(new Set(fired.map((f) => f.instance)).size).toBe(2);

    const [logs] = await h1.db.select({ n: count() }).from(schedulerJobLog);
    expect(logs!.n).toBe(expected.size);
    const [ledger] = await h1.db.select({ n: count() }).from(schedulerFiring);
    expect(ledger!.n).toBe(expected.size);
    const failed = await h1.db.select().from(schedulerJobLog).where(eq(schedulerJobLog.runStatus, 1));
    expect(failed).toEqual([]);
  }, 60_000);
});
