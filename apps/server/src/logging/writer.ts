/**
 * Buffered, asynchronous writer of the log tables: requests only push a row into memory; a timer flushes every
 * `flushMs` (or as soon as `maxRows` are waiting) with one multi-row insert per table. A failed flush drops its
 * rows (logged to the server log) so that logging can never slow or fail a request; the buffer is bounded.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index';
import { logApi, logError, logUsual } from '../db/schema';

export type LogKind = 'usual' | 'api' | 'error';
export type UsualRow = typeof logUsual.$inferInsert;
export type ApiRow = typeof logApi.$inferInsert;
export type ErrorRow = typeof logError.$inferInsert;
type AnyRow = UsualRow | ApiRow | ErrorRow;

const TABLES: Record<LogKind, PgTable> = { usual: logUsual, api: logApi, error: logError };

export interface LogWriterOptions {
  flushMs?: number;
  /** Rows waiting that trigger an immediate flush. */
  maxRows?: number;
  /** Rows kept at most while the database is slow; more are dropped. */
  maxBuffered?: number;
  onError?: (err: unknown) => void;
}

export class LogWriter {
  private buf: Record<LogKind, AnyRow[]> = { usual: [], api: [], error: [] };
  private size = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private closed = false;
  readonly flushMs: number;
  readonly maxRows: number;
  readonly maxBuffered: number;
  /** Rows dropped because the buffer was full or a flush failed. */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: LogWriterOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 1000;
    this.maxRows = opts.maxRows ?? 500;
    this.maxBuffered = opts.maxBuffered ?? 20_000;
  }

  push(kind: 'usual', row: UsualRow): void;
  push(kind: 'api', row: ApiRow): void;
  push(kind: 'error', row: ErrorRow): void;
  push(kind: LogKind, row: AnyRow): void {
    if (this.closed) return;
    if (this.size >= this.maxBuffered) {
      this.dropped++;
      return;
    }
    this.buf[kind].push(row);
    this.size++;
    if (this.size >= this.maxRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes everything buffered so far; resolves when it is in the database (or dropped). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buf;
    this.buf = { usual: [], api: [], error: [] };
    this.size = 0;
    // flushes run one after another so rows keep their order and a slow database gets one writer at a time
    this.running = this.running.then(() => this.write(batch));
    return this.running;
  }

  private async write(batch: Record<LogKind, AnyRow[]>): Promise<void> {
    for (const kind of Object.keys(batch) as LogKind[]) {
      const rows = batch[kind];
      // chunks keep one statement's arrays (and a failed chunk's loss) small
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        try {
          await this.db.execute(unnestInsert(TABLES[kind], chunk));
        } catch (e) {
          this.dropped += chunk.length;
          this.opts.onError?.(e);
        }
      }
    }
  }

  /** Flushes and stops accepting rows (server shutdown). */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}

/** Database column name and SQL type of each property of a table (read once per table). */
const columnsOf = new WeakMap<PgTable, Map<string, { name: string; type: string }>>();

function columns(table: PgTable): Map<string, { name: string; type: string }> {
  let cols = columnsOf.get(table);
  if (!cols) {
    cols = new Map(
      Object.entries(getTableColumns(table)).map(([prop, c]) => [
        prop,
        { name: c.name, type: c.getSQLType() },
      ]),
    );
    columnsOf.set(table, cols);
  }
  return cols;
}

const driverValue = (v: unknown): unknown =>
  v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v;

/**
 * `insert … select * from unnest($1::type[], $2::type[], …)`: one array parameter per column, whatever the number
 * of rows. A multi-row VALUES insert has a parameter per cell, and building it was the largest share of the
 * server's CPU under load (drizzle types every parameter). Columns absent from the rows keep their defaults.
 */
export function unnestInsert(table: PgTable, rows: readonly Record<string, unknown>[]): SQL {
  const cols = [...columns(table)].filter(([prop]) => rows.every((r) => r[prop] !== undefined));
  const names = sql.raw(cols.map(([, c]) => `"${c.name}"`).join(', '));
  const arrays = sql.join(
    cols.map(([prop, c]) => sql`${sql.param(rows.map((r) => driverValue(r[prop])))}::${sql.raw(c.type)}[]`),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select * from unnest(${arrays})`;
}
