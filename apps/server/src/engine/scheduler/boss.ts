/**
 * pg-boss on the server's own database (toolchain-notes §9: its `db` option, an object with `executeSql`, runs it on
 * PGlite and on the PostgreSQL pool the server already has).
 */
import PgBoss from 'pg-boss';
import type { RawSql } from '../../db/index';

export interface BossOptions {
  raw: RawSql;
  /** pg-boss's schema (default `pgboss`). */
  schema?: string | undefined;
  /** Run pg-boss's cron schedules (the per-minute tick). */
  schedule: boolean;
  onError(err: unknown): void;
}

export function newBoss(o: BossOptions): PgBoss {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => o.raw.executeSql(text, values) },
    ...(o.schema ? { schema: o.schema } : {}),
    schedule: o.schedule,
    // a schedule is sent within ~12 s of its minute (the tick's lookahead covers far more)
    cronMonitorIntervalSeconds: 10,
    cronWorkerIntervalSeconds: 2,
  });
  // an unhandled 'error' event would end the process; a failed poll is retried at the next one
  boss.on('error', (err) => o.onError(err));
  return boss;
}

const DEADLOCK = '40P01';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Creates a queue unless it exists. pg-boss's `create_queue` creates the queue's partition and its constraints; two
 * instances starting at once on one PostgreSQL can deadlock there (seen in exactly-once.test.ts). The creation is
 * idempotent, so the loser of a deadlock tries again.
 */
export async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (e) {
      if ((e as { code?: unknown }).code !== DEADLOCK || attempt >= 5) throw e;
      await sleep(50 + Math.random() * 200 * attempt);
    }
  }
}
