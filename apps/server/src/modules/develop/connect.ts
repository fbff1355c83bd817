/**
 * Connections to the databases a datasource names (openapi/paths/smart-develop/datasource.yaml `test`): the JDBC
 * driver class chooses the driver (`pg` for PostgreSQL, `mysql2` for MySQL and MariaDB), the JDBC URL gives host,
 * port and database. Every use is bounded by 5 seconds, and a driver's message never carries the password.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';

export type Engine = 'postgres' | 'mysql';

/** Driver classes (docs/platform-contract.md §3.19 `driverClass`) this server can speak, and their engine. */
const DRIVERS: Readonly<Record<string, Engine>> = {
  'org.postgresql.Driver': 'postgres',
  'com.mysql.cj.jdbc.Driver': 'mysql',
  'com.mysql.jdbc.Driver': 'mysql',
  'org.mariadb.jdbc.Driver': 'mysql',
};

/** URL schemes of each engine: `jdbc:<scheme>://host:port/database`. */
const SCHEMES: Readonly<Record<string, Engine>> = {
  postgresql: 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
};
const DEFAULT_PORT: Readonly<Record<Engine, number>> = { postgres: 5432, mysql: 3306 };

export const CONNECT_TIMEOUT_MS = 5000;

export interface ConnectionTarget {
  driverClass: string;
  url: string;
  username: string;
  password: string;
}

export interface Endpoint {
  engine: Engine;
  host: string;
  port: number;
  database: string;
}

/** A refusal before or while connecting, in words the operator reads (the password already removed). */
export class ConnectError extends Error {
  override name = 'ConnectError';
}

/** `jdbc:postgresql://db.example:5433/smart?ssl=false` → the engine, host, port and database. */
export function parseTarget(driverClass: string, url: string): Endpoint {
  const engine = DRIVERS[driverClass.trim()];
  if (!engine)
    throw new ConnectError(`不支持的驱动类: ${driverClass} (支持 ${Object.keys(DRIVERS).join('、')})`);
  const m = /^jdbc:([a-z]+):\/\/(.+)$/i.exec(url.trim());
  const scheme = m?.[1]?.toLowerCase() ?? '';
  if (!m || !Object.hasOwn(SCHEMES, scheme))
    throw new ConnectError(
      `连接地址格式错误: 应为 jdbc:postgresql://主机:端口/数据库 或 jdbc:mysql://主机:端口/数据库`,
    );
  if (SCHEMES[scheme] !== engine)
    throw new ConnectError(`驱动类 ${driverClass} 与连接地址 jdbc:${scheme} 不符`);
  let parsed: URL;
  try {
    // a non-special scheme: WHATWG URL parses its host, port and path as given
    parsed = new URL(`db://${m[2]}`);
  } catch {
    throw new ConnectError('连接地址格式错误: 主机或端口无效');
  }
  if (parsed.hostname === '' || m[2]!.split('/')[0]!.includes(','))
    throw new ConnectError('连接地址格式错误: 需要一个主机');
  return {
    engine,
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : DEFAULT_PORT[engine],
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '').split('/')[0] ?? ''),
  };
}

/** What went wrong, from a driver's error (Node's AggregateError of a dual-stack connect has no message). */
function driverMessage(e: unknown): string {
  if (e instanceof AggregateError && !e.message) return driverMessage(e.errors[0]);
  if (e instanceof Error) return e.message || (e as { code?: string }).code || e.name;
  return String(e);
}

/** A message safe to show: every occurrence of the password replaced by the mask. */
export function withoutPassword(message: string, password: string): string {
  return password ? message.split(password).join('******') : message;
}

/** An open connection: parameterised reads (`$1` for PostgreSQL, `?` for MySQL) and closing. */
export interface DbConnection {
  engine: Engine;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function open(e: Endpoint, t: ConnectionTarget): Promise<DbConnection> {
  if (e.engine === 'postgres') {
    const client = new pg.Client({
      host: e.host,
      port: e.port,
      database: e.database || undefined,
      user: t.username,
      password: t.password,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
    });
    // an error after connecting (the server going away) must not crash the process
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    return {
      engine: 'postgres',
      query: async <T>(text: string, params: unknown[] = []) =>
        (await client.query(text, params)).rows as T[],
      close: () => client.end(),
    };
  }
  const conn = await mysql.createConnection({
    host: e.host,
    port: e.port,
    user: t.username,
    password: t.password,
    ...(e.database ? { database: e.database } : {}),
    connectTimeout: CONNECT_TIMEOUT_MS,
  });
  conn.on('error', () => undefined);
  return {
    engine: 'mysql',
    query: async <T>(text: string, params: unknown[] = []) => {
      const [rows] = await conn.query({ sql: text, values: params, timeout: CONNECT_TIMEOUT_MS });
      return rows as T[];
    },
    close: () => conn.end(),
  };
}

/**
 * Runs `work` on a fresh connection to the datasource and closes it, all within `timeoutMs`. Any failure (a bad
 * driver class or URL, refused, timed out, denied, a failing query) rejects with a ConnectError whose message has
 * no password in it.
 */
export async function withConnection<T>(
  t: ConnectionTarget,
  work: (c: DbConnection) => Promise<T>,
  timeoutMs = CONNECT_TIMEOUT_MS,
): Promise<T> {
  const endpoint = parseTarget(t.driverClass, t.url);
  let timer: NodeJS.Timeout | undefined;
  let conn: DbConnection | undefined;
  let expired = false;
  const attempt = (async () => {
    conn = await open(endpoint, t);
    // connected after the deadline: nobody waits for it any more
    if (expired) throw new ConnectError('timeout');
    return await work(conn);
  })();
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      expired = true;
      reject(new ConnectError(`连接超时 (${timeoutMs / 1000} 秒)`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([attempt, deadline]);
  } catch (e) {
    if (e instanceof ConnectError) throw new ConnectError(withoutPassword(e.message, t.password));
    throw new ConnectError(withoutPassword(driverMessage(e), t.password));
  } finally {
    clearTimeout(timer);
    // the late attempt's rejection is expected; close whatever it opened, now or when it opens
    attempt.catch(() => undefined);
    void attempt.finally(() => conn?.close().catch(() => undefined)).catch(() => undefined);
  }
}

export interface TestResult {
  ok: boolean;
  version: string;
  message: string;
}

/** Connects, asks the version, disconnects: the answer of `datasource/test` (a failure is `ok: false`, not thrown). */
export async function testConnection(t: ConnectionTarget): Promise<TestResult> {
  try {
    const version = await withConnection(t, async (c) => {
      const [row] = await c.query<{ version: unknown }>('select version() as version');
      return String(row?.version ?? '');
    });
    return { ok: true, version: version.slice(0, 500), message: '连接成功' };
  } catch (e) {
    const reason = e instanceof ConnectError ? e.message : '未知错误';
    return { ok: false, version: '', message: `连接失败: ${reason}`.slice(0, 2000) };
  }
}
