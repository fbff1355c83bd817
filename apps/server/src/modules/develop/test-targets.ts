/**
 * Real databases the develop tests connect to: the PostgreSQL of TEST_DATABASE_URL (src/test/harness.ts) and the
 * machine's MariaDB on 127.0.0.1:3306 as root without a password, when either answers; each test that needs one
 * says so in its name and is skipped without it. Sample tables are created with a random name and dropped after.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';

export interface JdbcTarget {
  driverClass: string;
  url: string;
  username: string;
  password: string;
}

/** The PostgreSQL of TEST_DATABASE_URL as a datasource body, or undefined when the variable is unset. */
export function postgresTarget(): JdbcTarget | undefined {
  const raw = process.env.TEST_DATABASE_URL;
  if (!raw) return undefined;
  const u = new URL(raw);
  return {
    driverClass: 'org.postgresql.Driver',
    url: `jdbc:postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`,
    username: decodeURIComponent(u.username) || 'postgres',
    password: decodeURIComponent(u.password) || 'unused-by-trust',
  };
}

export const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };

export const mariadbTarget = (password = ''): JdbcTarget => ({
  driverClass: 'com.mysql.cj.jdbc.Driver',
  url: `jdbc:mysql://${MARIADB.host}:${MARIADB.port}/${MARIADB.database}`,
  username: MARIADB.user,
  password,
});

/** Whether MariaDB answers as root@127.0.0.1 with an empty password on its `test` database, and if not why. */
export async function probeMariadb(): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const c = await mysql.createConnection({ ...MARIADB, connectTimeout: 2000 });
    await c.end();
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: `MariaDB root@127.0.0.1:3306/test unreachable: ${(e as Error).message}` };
  }
}

export const sampleName = () => `smart_gen_${randomBytes(4).toString('hex')}`;

/** A sample table in the PostgreSQL of TEST_DATABASE_URL; returns its dropper. */
export async function createPostgresSample(name: string): Promise<() => Promise<void>> {
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`
    create table ${name} (
      id bigint primary key,
      title varchar(80) not null,
      body text,
      hits integer not null default 0,
      author_id bigint,
      published_at timestamp,
      is_deleted integer not null default 0
    );
    comment on table ${name} is 'Sample articles';
    comment on column ${name}.title is '标题';
    comment on column ${name}.published_at is '发布时间';`);
  return () => run(`drop table if exists ${name}`);
}

/** The same sample table in MariaDB's `test` database; returns its dropper. */
export async function createMariadbSample(name: string): Promise<() => Promise<void>> {
  const run = async (sql: string) => {
    const c = await mysql.createConnection(MARIADB);
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`
    create table ${name} (
      id bigint primary key auto_increment,
      title varchar(80) not null comment '标题',
      body text,
      hits int not null default 0,
      pinned tinyint(1) not null default 0,
      price decimal(10,2),
      published_at datetime comment '发布时间'
    ) comment 'Sample articles'`);
  return () => run(`drop table if exists ${name}`);
}
